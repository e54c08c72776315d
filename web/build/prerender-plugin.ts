import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type LogLevel, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { pageHtml, shellModules } from './page-html.ts';
import { startScript } from './start-script.ts';

interface PrerenderedPage {
  /** Where the page goes in the build (`index.html` for `/`). */
  file: string;
  /** The module the page's route loads lazily (from the app root): its chunks load with the entry. */
  module: string;
}

interface PrerenderOptions {
  /** The server entry (from the app root): exports `renderPage(path)`, the markup of #root for that path. */
  entry: string;
  /** URL path → its page. */
  pages: Record<string, PrerenderedPage>;
  /** Where the built index.html goes, unchanged (an empty #root): the page of every other path. */
  shell: string;
}

type RenderPage = (path: string) => Promise<string>;

/**
 * Static generation of the public pages (docs/decisions/011), part of every client build of the app:
 * once Vite has made the bundle and its index.html, an SSR build of `entry` draws each page, and the
 * bundle gets one HTML file per page (with its start script) plus the untouched shell for every other path.
 */
export function prerender(options: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'growthwise:prerender',
    // The SSR build below reads the same config file: this plugin must not run inside it.
    apply: (userConfig, { command }) => command === 'build' && !userConfig.build?.ssr,
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_output, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('prerender: the bundle has no index.html');
      const shell = String(index.source);
      const { entry, preloads } = shellModules(shell);
      const pages = await withRenderPage(config, options.entry, (renderPage) =>
        Promise.all(
          Object.entries(options.pages).map(async ([pagePath, page]) => {
            const script = startScript([...new Set([entry, ...preloads, ...pageChunks(config, bundle, page.module)])]);
            const scriptFile = `${config.build.assetsDir}/start-${createHash('sha256').update(script).digest('base64url').slice(0, 8)}.js`;
            const markup = await renderPage(pagePath);
            return {
              page,
              script,
              scriptFile,
              html: pageHtml(shell, { path: pagePath, markup, startScript: `${config.base}${scriptFile}` }),
            };
          }),
        ),
      );
      delete bundle['index.html'];
      this.emitFile({ type: 'asset', fileName: options.shell, source: shell });
      for (const { page, html, script, scriptFile } of pages) {
        this.emitFile({ type: 'asset', fileName: page.file, source: html });
        if (!bundle[scriptFile]) this.emitFile({ type: 'asset', fileName: scriptFile, source: script });
      }
    },
  };
}

/** Builds the server entry into a scratch folder beside Vite's cache (where Node finds node_modules), and lends its renderPage. */
async function withRenderPage<T>(config: ResolvedConfig, entry: string, use: (renderPage: RenderPage) => Promise<T>): Promise<T> {
  await mkdir(config.cacheDir, { recursive: true });
  const outDir = await mkdtemp(path.join(config.cacheDir, 'prerender-'));
  try {
    await build({
      configFile: config.configFile ?? false,
      root: config.root,
      mode: config.mode,
      logLevel: quieter(config.logLevel),
      build: {
        ssr: entry,
        outDir,
        emptyOutDir: false,
        copyPublicDir: false,
        sourcemap: false,
        rolldownOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
      },
    });
    const server = (await import(pathToFileURL(path.join(outDir, `${path.parse(entry).name}.mjs`)).href)) as {
      renderPage: RenderPage;
    };
    return await use(server.renderPage);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** The inner build's own "building for production" lines would only repeat the outer build's. */
const quieter = (level: LogLevel | undefined): LogLevel => (level === undefined || level === 'info' ? 'warn' : level);

/**
 * The URLs of the page's lazy chunk and of the chunks it imports, leaving out what the entry
 * already imports: the start script preloads them with the entry, not after it has run.
 */
function pageChunks(config: ResolvedConfig, bundle: Rolldown.OutputBundle, module: string): string[] {
  const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const page = chunks.find((chunk) => chunk.facadeModuleId === path.resolve(config.root, module));
  if (!page) throw new Error(`prerender: no chunk for ${module} (was the page moved? update the pages in vite.config.ts)`);
  const closure = (start: Rolldown.OutputChunk[]) => {
    const seen = new Set<Rolldown.OutputChunk>();
    const visit = (chunk: Rolldown.OutputChunk) => {
      if (seen.has(chunk)) return;
      seen.add(chunk);
      for (const file of chunk.imports) visit(byFile.get(file)!);
    };
    start.forEach(visit);
    return seen;
  };
  const loadedByEntry = closure(chunks.filter((chunk) => chunk.isEntry));
  const own = [...closure([page])].filter((chunk) => !loadedByEntry.has(chunk));
  // The prerendered markup is styled by the entry's stylesheet alone: CSS that only a page chunk
  // brought would arrive after the page has painted without it.
  const css = own.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
  if (css.length)
    throw new Error(`prerender: ${module} brings its own CSS (${css.join(', ')}); import it from the entry instead`);
  return own.map((chunk) => `${config.base}${chunk.fileName}`);
}
