import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { WEB_DIR } from '../infra/local/web-build';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Each page's own lazily loaded modules (web/src/app/router.tsx), keyed by its URL. The dashboard's
 * charts (recharts) are a lazy chunk of their own, yet every first visit of /dashboard loads them:
 * they count.
 */
export const FIRST_LOAD_PAGES: Record<string, string[]> = {
  '/': ['src/features/marketing/pages/landing-page.tsx'],
  '/auth': ['src/features/auth/pages/auth-page.tsx'],
  '/dashboard': ['src/features/dashboard/pages/dashboard-page.tsx', 'src/features/dashboard/components/project-charts.tsx'],
};

export interface PageWeight {
  page: string;
  jsGzipKb: number;
  cssGzipKb: number;
  files: number;
}

/**
 * Builds the SPA as `npm start` does, but into outDir and with Vite's manifest (the one build
 * option added here), so web/dist and the shipped config stay as they are.
 */
export async function buildWebWithManifest(outDir: string) {
  await build({
    root: WEB_DIR,
    configFile: path.join(WEB_DIR, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
}

/**
 * What a first visit of each page downloads before it can render: the entry chunk with its static
 * imports and CSS, plus the page's lazy chunk with its static imports and CSS (dynamic imports
 * such as dialogs opened later are not counted). Gzip level 9, as CloudFront's compression is close to it.
 */
export async function firstLoadWeights(outDir: string): Promise<PageWeight[]> {
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the Vite manifest names no entry');
  const weights: PageWeight[] = [];
  for (const [page, modules] of Object.entries(FIRST_LOAD_PAGES)) {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the Vite manifest (was the page moved? update FIRST_LOAD_PAGES)`);
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.css?.forEach((css) => files.add(css));
      chunk.imports?.forEach(visit);
    };
    visit(entry);
    modules.forEach(visit);
    let js = 0;
    let css = 0;
    for (const file of files) {
      const size = gzipSync(await readFile(path.join(outDir, file)), { level: 9 }).length;
      if (file.endsWith('.css')) css += size;
      else js += size;
    }
    weights.push({ page, jsGzipKb: kb(js), cssGzipKb: kb(css), files: files.size });
  }
  return weights;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
