import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';

export const WEB_DIR = path.resolve(import.meta.dirname, '../../web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');
const SOURCES = [path.join(WEB_DIR, 'src'), path.join(WEB_DIR, 'public'), path.join(WEB_DIR, 'index.html'), path.join(WEB_DIR, 'vite.config.ts'), path.resolve(WEB_DIR, '../shared')];

/** Builds the SPA with Vite unless web/dist is newer than every source file. */
export async function buildWebIfStale(): Promise<'built' | 'fresh'> {
  const built = await stat(path.join(WEB_DIST, 'index.html')).catch(() => undefined);
  if (built && (await newestMtime(SOURCES)) <= built.mtimeMs) return 'fresh';
  await build({ root: WEB_DIR, configFile: path.join(WEB_DIR, 'vite.config.ts'), logLevel: 'warn' });
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
