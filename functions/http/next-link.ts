/**
 * The RFC 8288 `Link` header of a page that has a next one: the same path and query, with the
 * next page's cursor. Relative, so it holds behind any host (CloudFront, the local emulator).
 */
export function nextPageLink(path: string, query: Record<string, string | undefined>, cursor: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && name !== 'cursor') params.set(name, value);
  params.set('cursor', cursor);
  return `<${path}?${params.toString()}>; rel="next"`;
}
