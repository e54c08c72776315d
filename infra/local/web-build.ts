import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import { SPA_HTML_FILES } from '../web/spa-fallback';

export const WEB_DIR = path.resolve(import.meta.dirname, '../../web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');
const SOURCES = ['src', 'public', 'build', 'index.html', 'vite.config.ts', '../shared'].map((source) =>
  path.resolve(WEB_DIR, source),
);

/** Builds the SPA with Vite unless web/dist has every HTML file the SPA fallback serves, each newer than every source file. */
export async function buildWebIfStale(): Promise<'built' | 'fresh'> {
  const built = await Promise.all(SPA_HTML_FILES.map((file) => stat(path.join(WEB_DIST, file)).catch(() => undefined)));
  const oldest = Math.min(...built.map((info) => info?.mtimeMs ?? 0));
  if (oldest > 0 && (await newestMtime(SOURCES)) <= oldest) return 'fresh';
  // Vite takes process.env.NODE_ENV over the mode: a build from inside vitest (NODE_ENV=test) bundled
  // React's development build, 200 KB more and far slower, which `npm start` then found fresh and served.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: WEB_DIR, configFile: path.join(WEB_DIR, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return 'built';
}

async function newestMtime(paths: string[]): Promise<number> {
  let newest = 0;
  for (const entry of paths) {
    const info = await stat(entry).catch(() => undefined);
    if (!info) continue;
    if (info.isDirectory()) {
      const children = await readdir(entry);
      newest = Math.max(newest, await newestMtime(children.map((child) => path.join(entry, child))));
    } else newest = Math.max(newest, info.mtimeMs);
  }
  return newest;
}
