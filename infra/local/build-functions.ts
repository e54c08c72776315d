import { mkdir } from 'node:fs/promises';
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
      await build({
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
      bundles.set(handler, outfile);
    }),
  );
  return bundles;
}
