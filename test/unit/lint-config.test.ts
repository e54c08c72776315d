import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FEATURES = readdirSync(path.join(ROOT, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The rules (and their messages) that refuse `code` if it were the file at `filePath` (from the repository root). */
async function refusals(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result!.messages.map(({ ruleId, message }) => ({ ruleId, message }));
}

// ESLint with its TypeScript parser, a few files a test: a second on a quiet machine, over 5 s in a run at a ninth of its speed (CI, 2026-11-28).
describe('the lint config (npm run lint) refuses what design.md forbids in web/src', { timeout: 60_000 }, () => {
  it('refuses a relative import of another feature folder, from every feature folder', async () => {
    expect(FEATURES.length).toBeGreaterThan(1);
    for (const [index, feature] of FEATURES.entries()) {
      const other = FEATURES[(index + 1) % FEATURES.length]!;
      const found = await refusals(
        `web/src/features/${feature}/components/example.tsx`,
        `export { thing } from '../../${other}/api/thing';\n`,
      );
      expect(found, `${feature} importing ${other}`).toEqual([
        expect.objectContaining({
          ruleId: 'no-restricted-imports',
          message: expect.stringContaining(`does not import the ${other} feature`),
        }),
      ]);
    }
  });

  it('refuses another feature named through a longer path', async () => {
    const found = await refusals(
      'web/src/features/dashboard/pages/example.tsx',
      "export { projectQueries } from '../../../features/projects/api/projects';\n",
    );
    expect(found.map((entry) => entry.ruleId)).toEqual(['no-restricted-imports']);
  });

  it('accepts imports within the same feature and from lib/, components/ and shared/', async () => {
    const code = [
      "export { dashboardQuery } from '../api/dashboard';",
      "export { useCurrentUser } from '../../../lib/current-user';",
      "export { Button } from '../../../components/ui/button';",
      "export * as projectEndpoints from '@shared/contract/projects';",
      '',
    ].join('\n');
    expect(await refusals('web/src/features/dashboard/pages/example.tsx', code)).toEqual([]);
  });

  it('refuses an /api/ path typed by hand, as a string or a template', async () => {
    const found = await refusals(
      'web/src/lib/example.ts',
      "export const a = '/api/user';\nexport const b = (id: string) => `/api/projects/${id}`;\n",
    );
    expect(found.map((entry) => entry.ruleId)).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
  });

  it("refuses a relative import of the repository's shared/ folder (the '@shared/' alias is the way)", async () => {
    for (const filePath of ['web/src/lib/example.ts', 'web/src/features/projects/api/example.ts']) {
      const depth = path.dirname(filePath).split('/').length;
      const found = await refusals(filePath, `export { PRODUCT_NAME } from '${'../'.repeat(depth)}shared/product';\n`);
      expect(found, filePath).toEqual([
        expect.objectContaining({ ruleId: 'no-restricted-imports', message: expect.stringContaining("'@shared/...'") }),
      ]);
    }
  });

  it('refuses a feature import from lib/ and components/', async () => {
    const found = await refusals(
      'web/src/components/example.tsx',
      "export { LandingPage } from '../features/marketing/pages/landing-page';\n",
    );
    expect(found.map((entry) => entry.ruleId)).toEqual(['no-restricted-imports']);
  });
});
