/**
 * The SPA fallback, defined once: an extension-less path that is not under /api is the app,
 * so it is answered with /index.html. The CloudFront Function's code is generated from this
 * function's source, and the local emulator calls it directly.
 */
export function rewriteSpaPath(uri: string): string {
  if (uri.indexOf('/api/') === 0 || uri === '/api') return uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) return '/index.html';
  return uri;
}

/** The CloudFront Function (cloudfront-js-2.0) built from rewriteSpaPath's own source. */
export const cloudFrontFunctionCode = () =>
  `${rewriteSpaPath.toString()}\nfunction handler(event) {\n  event.request.uri = rewriteSpaPath(event.request.uri);\n  return event.request;\n}\n`;
