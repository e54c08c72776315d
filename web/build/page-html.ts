const EMPTY_ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** What the built shell (index.html as Vite wrote it) loads: its entry module and the modules Vite preloads for it. */
export function shellModules(shell: string): { entry: string; preloads: string[] } {
  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  if (!entry) throw new Error('the HTML shell has no <script type="module" crossorigin src>');
  return { entry, preloads: [...shell.matchAll(MODULE_PRELOAD)].map((match) => match[1]!) };
}

/**
 * A prerendered page's HTML: the shell's head (title, description, favicon, CSS) with its module
 * script and module preloads replaced by the page's start script (start-script.ts), and the page's
 * markup inside #root, which also names the path it was drawn for (main.tsx hydrates only that path).
 */
export function pageHtml(shell: string, page: { path: string; markup: string; startScript: string }): string {
  if (shell.split(EMPTY_ROOT).length !== 2) throw new Error(`the HTML shell must hold exactly one ${EMPTY_ROOT}`);
  const root = `<div id="root" data-prerendered="${escapeAttribute(page.path)}">${page.markup}</div>`;
  // Replacer functions: a `$` in the markup must stay text, not become a replacement pattern.
  return shell
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, (tag) => tag.replace(/src="[^"]+"/, () => `src="${escapeAttribute(page.startScript)}"`))
    .replace(EMPTY_ROOT, () => root);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
