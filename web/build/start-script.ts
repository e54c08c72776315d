/**
 * The one script a prerendered page loads (docs/decisions/011): once the page has painted from its
 * HTML and CSS, it preloads the app's modules (the entry's and the page's own chunks) in parallel
 * and runs the entry, which hydrates the page. Fetching and running ~100 KB of JavaScript earlier
 * would compete with the CSS for a slow link and with the first paint for a slow CPU, for a page
 * that needs neither to show. In a hidden tab, where no frame is painted, it starts at once.
 *
 * `modules`: the entry first, then what to preload with it (URLs). Plain ES2020, no imports: the
 * build writes it out as it is.
 */
export function startScript(modules: readonly string[]): string {
  const [entry, ...preloads] = modules;
  if (!entry) throw new Error('the start script needs the entry module');
  return `const entry = ${JSON.stringify(entry)};
const preloads = ${JSON.stringify(preloads)};
const start = () => {
  const links = document.createDocumentFragment();
  for (const href of preloads) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
  import(entry);
};
// A frame's callbacks run just before it is painted; the timeout runs once it has been.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(start));
else start();
`;
}
