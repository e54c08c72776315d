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

/** The headers of a paged list's answer: `X-Total-Count` when the total is known, `Link` while there is a next page. */
export function pageHeaders(
  path: string,
  query: Record<string, string | undefined>,
  page: { total?: number; cursor?: string },
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (page.total !== undefined) headers['x-total-count'] = String(page.total);
  if (page.cursor !== undefined) headers.link = nextPageLink(path, query, page.cursor);
  return headers;
}
