import type * as z from 'zod/mini';
import type { ApiErrorBody } from '@shared/api-error';
import { type BodyInput, type Endpoint, type PathParams, type QueryInput, type ResponseOf, pathOf } from '@shared/contract/endpoint';

/** A non-2xx answer: its message is `{status}: {message}` as spec section 8 shows it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The one JSON client: same origin, cookies included, JSON in and out. The API is reached through
 * `call`; this is used directly only for static JSON files such as /config.json.
 */
export async function requestJson<T>(method: string, path: string, body?: unknown): Promise<T> {
  return (await requestWithHeaders<T>(method, path, body)).data;
}

async function requestWithHeaders<T>(method: string, path: string, body?: unknown): Promise<{ data: T; headers: Headers }> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw apiErrorOf(response, text);
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

/** The target of a `Link: <...>; rel="next"` header (RFC 8288), if the answer has one. */
export const nextLinkOf = (headers: Headers): string | undefined => /<([^>]+)>\s*;\s*rel="?next"?/.exec(headers.get('link') ?? '')?.[1];

/** The error a non-2xx answer stands for, from its body's text (the API's JSON error, or any text). */
export function apiErrorOf(response: Response, text: string): ApiError {
  let message = text || response.statusText;
  let fieldErrors: Record<string, string> | undefined;
  try {
    const parsed = JSON.parse(text) as ApiErrorBody;
    if (parsed.message) message = parsed.message;
    fieldErrors = parsed.fieldErrors;
  } catch {
    // Not JSON: the body text (or status text) is the message.
  }
  return new ApiError(response.status, `${response.status}: ${message}`, fieldErrors);
}

type CallArgs<E extends Endpoint> = (keyof PathParams<E> extends never ? { params?: undefined } : { params: PathParams<E> }) &
  (E extends { body: z.ZodMiniType } ? { body: BodyInput<E> } : { body?: undefined }) &
  (E extends { query: z.ZodMiniType } ? { query?: QueryInput<E> } : { query?: undefined });
type NeedsArgs<E extends Endpoint> = keyof PathParams<E> extends never ? (E extends { body: z.ZodMiniType } ? true : false) : true;

/**
 * Calls an endpoint of shared/contract/ with its typed path parameters and body, and answers the
 * response parsed by the endpoint's own schema: the only way web reaches the API.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...[args]: NeedsArgs<E> extends true ? [CallArgs<E>] : [CallArgs<E>?]
): Promise<ResponseOf<E>> {
  const { params, body, query } = (args ?? {}) as { params?: PathParams<E>; body?: unknown; query?: Record<string, string | undefined> };
  const search = new URLSearchParams(Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  const path = pathOf(endpoint, (params ?? {}) as PathParams<E>) + (search ? `?${search}` : '');
  const answer = await requestJson<unknown>(endpoint.method, path, body);
  return (endpoint.response ? endpoint.response.parse(answer) : answer) as ResponseOf<E>;
}

/** One page of a paged list: its items, the next page's path (`Link: rel="next"`) and the total (`X-Total-Count`) when the API tells them. */
export interface ListPage<T> {
  items: T;
  next?: string;
  total?: number;
}

/**
 * One page of a paged list endpoint: the first one for a query, or the one a previous page's
 * `next` names (the API's own link, cursor and all).
 */
export async function callPage<E extends Endpoint & { method: 'GET' }>(endpoint: E, from: { query?: QueryInput<E> } | { next: string }): Promise<ListPage<ResponseOf<E>>> {
  const query = 'next' in from ? undefined : (from.query as Record<string, string | undefined> | undefined);
  const search = new URLSearchParams(Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  const path = 'next' in from ? from.next : pathOf(endpoint, {} as PathParams<E>) + (search ? `?${search}` : '');
  const page = await requestWithHeaders<unknown>('GET', path);
  const total = page.headers.get('x-total-count');
  return {
    items: (endpoint.response ? endpoint.response.parse(page.data) : page.data) as ResponseOf<E>,
    next: nextLinkOf(page.headers),
    total: total === null ? undefined : Number(total),
  };
}

/**
 * Every page of a paged list endpoint (an array answer with `Link: rel="next"`), followed one
 * after another and joined: for lists the screen still shows whole.
 */
export async function callAllPages<E extends Endpoint & { method: 'GET' }>(endpoint: E): Promise<ResponseOf<E>> {
  const items: unknown[] = [];
  let path: string | undefined = pathOf(endpoint, {} as PathParams<E>);
  while (path) {
    const page: { data: unknown; headers: Headers } = await requestWithHeaders<unknown>('GET', path);
    items.push(...(endpoint.response ? (endpoint.response.parse(page.data) as unknown[]) : (page.data as unknown[])));
    path = nextLinkOf(page.headers);
  }
  return items as ResponseOf<E>;
}
