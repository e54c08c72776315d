import { expect } from 'vitest';
import type { ApiResponse, SignedIn } from './api';

/** The next page a paged list's answer names (`Link: <…>; rel="next"`), if any. */
export const nextLink = (response: { headers: Headers }) =>
  /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1];

/** The cursor in a next-page link. */
export const cursorOf = (link: string) => new URL(link, 'http://x').searchParams.get('cursor')!;

/** The ids of every page of a list, following `Link: <…>; rel="next"`, each page checked against the limit. */
export async function everyPage(user: SignedIn, first: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let next: string | undefined = first;
  let pages = 0;
  while (next) {
    const response: ApiResponse<{ id: string }[]> = await user.call<{ id: string }[]>(next);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.length).toBeLessThanOrEqual(limit);
    ids.push(...response.body.map((item) => item.id));
    next = nextLink(response);
    pages += 1;
    expect(pages).toBeLessThan(200);
  }
  return ids;
}
