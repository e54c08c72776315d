import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { routes, handlerName } from '../../functions/routes';
import { HANDLER_BUNDLING } from '../bundling';

export const FUNCTIONS_DIR = path.resolve(import.meta.dirname, '../../functions');

/** Where a route's handler source lives. */
export const handlerEntry = (handler: string) => path.join(FUNCTIONS_DIR, 'handlers', `${handler}.ts`);

/** Bundles every handler of the route table, as the CDK does, into outDir/<name>/index.mjs. */
export async function buildFunctions(outDir: string): Promise<Map<string, string>> {
  await mkdir(outDir, { recursive: true });
  const unique = [...new Set(routes.map((route) => route.handler))];
  const bundles = new Map<string, string>();
  await Promise.all(
    unique.map(async (handler) => {
      const outfile = path.join(outDir, handlerName({ handler }), 'index.mjs');
      const result = await build({
        write: false,
        entryPoints: [handlerEntry(handler)],
        outfile,
        bundle: true,
        format: HANDLER_BUNDLING.format,
        platform: HANDLER_BUNDLING.platform,
        target: HANDLER_BUNDLING.target,
        minify: HANDLER_BUNDLING.minify,
        sourcemap: HANDLER_BUNDLING.sourcemap,
        mainFields: [...HANDLER_BUNDLING.mainFields],
        banner: { js: HANDLER_BUNDLING.banner },
        external: [...HANDLER_BUNDLING.external],
        logLevel: 'error',
      });
      // Written beside and renamed into place: a server still importing the old bundle never reads half a file.
      await mkdir(path.dirname(outfile), { recursive: true });
      for (const file of result.outputFiles) {
        const temporary = `${file.path}.${process.pid}.tmp`;
        await writeFile(temporary, file.contents);
        await rename(temporary, file.path);
      }
      bundles.set(handler, outfile);
    }),
  );
  return bundles;
}
