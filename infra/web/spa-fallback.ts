/**
 * The SPA fallback, defined once. The public pages are prerendered at build time
 * (docs/decisions/011): `/`, `/auth`, `/terms` and `/privacy` (with or without a trailing slash) are
 * answered with their own HTML file, and `/auth?tab=register` with the register mode's own
 * (docs/decisions/019); any other extension-less path outside /api is the app, answered with the
 * empty shell /app.html. `tab` is the value of the query's `tab` parameter, if any. The CloudFront
 * Function's code is generated from this function's source (so it names no outside variable), and
 * the local emulator calls it directly.
 */
export function rewriteSpaPath(uri: string, tab?: string): string {
  if (uri.indexOf('/api/') === 0 || uri === '/api') return uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return uri;
  var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.substring(0, uri.length - 1) : uri;
  if (path === '/') return '/index.html';
  if (path === '/auth' && tab === 'register') return '/auth-register.html';
  if (path === '/auth' || path === '/terms' || path === '/privacy') return path + '.html';
  return '/app.html';
}

/** Every file rewriteSpaPath answers with: a web build is complete only with all of them. */
export const SPA_HTML_FILES = [
  'index.html',
  'auth.html',
  'auth-register.html',
  'terms.html',
  'privacy.html',
  'app.html',
] as const;

/** The CloudFront Function (cloudfront-js-2.0) built from rewriteSpaPath's own source. */
export const cloudFrontFunctionCode = () =>
  `${rewriteSpaPath.toString()}
function handler(event) {
  var tab = event.request.querystring && event.request.querystring.tab;
  event.request.uri = rewriteSpaPath(event.request.uri, tab ? tab.value : undefined);
  return event.request;
}
`;
