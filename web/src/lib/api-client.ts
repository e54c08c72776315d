import type { ApiErrorBody } from '@shared/api-error';
import {
  type BodyInput,
  type Endpoint,
  IDEMPOTENCY_KEY_HEADER,
  type PathParams,
  type QueryInput,
  type ResponseOf,
  pathOf,
} from '@shared/contract/endpoint';
import type * as z from 'zod/mini';
import { sessionEnded } from './session-ended';

/** A non-2xx answer: its message is `{status}: {message}` as spec section 8 shows it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** ApiErrorBody.code: a refusal the app acts on (STEP_UP_REQUIRED). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The one JSON client: same origin, cookies included, JSON in and out. The API is reached through
 * `call`; this is used directly only for static JSON files such as /config.json.
 */
/** What a request may carry besides its body: one submit's Idempotency-Key, and a signal that cancels it. */
interface RequestOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** A 401 means the session ended (lib/session-ended.ts): the request of a route that requires one. */
  sessionRequired?: boolean;
}

export async function requestJson<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return (await requestWithHeaders<T>(method, path, body, options)).data;
}

/** How often a request whose Idempotency-Key is still in flight on the server is sent again. */
const IN_FLIGHT_ATTEMPTS = 5;

async function requestWithHeaders<T>(
  method: string,
  path: string,
  body?: unknown,
  { idempotencyKey, signal, sessionRequired = false }: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = {
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(idempotencyKey === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
  };
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(path, {
      method,
      credentials: 'include',
      headers: Object.keys(headers).length ? headers : undefined,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const text = await response.text();
    // The first request with this key is still running (a double click): its answer is ours once it ends.
    const retryAfter = Number(response.headers.get('retry-after'));
    if (idempotencyKey !== undefined && response.status === 409 && retryAfter > 0 && attempt < IN_FLIGHT_ATTEMPTS) {
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      continue;
    }
    if (response.status === 401 && sessionRequired) return sessionEnded();
    if (!response.ok) throw apiErrorOf(response, text);
    return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
  }
}

/** The target of a `Link: <...>; rel="next"` header (RFC 8288), if the answer has one. */
export const nextLinkOf = (headers: Headers): string | undefined =>
  /<([^>]+)>\s*;\s*rel="?next"?/.exec(headers.get('link') ?? '')?.[1];

/** The error a non-2xx answer stands for, from its body's text (the API's JSON error, or any text). */
export function apiErrorOf(response: Response, text: string): ApiError {
  let message = text || response.statusText;
  let fieldErrors: Record<string, string> | undefined;
  let code: string | undefined;
  try {
    const parsed = JSON.parse(text) as ApiErrorBody;
    if (parsed.message) message = parsed.message;
    fieldErrors = parsed.fieldErrors;
    code = parsed.code;
  } catch {
    // Not JSON: the body text (or status text) is the message.
  }
  return new ApiError(response.status, `${response.status}: ${message}`, fieldErrors, code);
}

type CallArgs<E extends Endpoint> = {
  signal?: AbortSignal;
  /** A 401 is this call's answer (is anyone signed in?), not a session that ended under the page. */
  signedOutIsAnAnswer?: true;
} & (keyof PathParams<E> extends never ? { params?: undefined } : { params: PathParams<E> }) &
  (E extends { body: z.ZodMiniType } ? { body: BodyInput<E> } : { body?: undefined }) &
  (E extends { query: z.ZodMiniType } ? { query?: QueryInput<E> } : { query?: undefined }) &
  // One key per submit (lib/submit-key.ts), the same for its retries.
  (E extends { idempotent: true } ? { idempotencyKey: string } : { idempotencyKey?: undefined });
type NeedsArgs<E extends Endpoint> = keyof PathParams<E> extends never
  ? E extends { body: z.ZodMiniType }
    ? true
    : false
  : true;

/**
 * Calls an endpoint of shared/contract/ with its typed path parameters and body, and answers the
 * response parsed by the endpoint's own schema: the only way web reaches the API.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...[args]: NeedsArgs<E> extends true ? [CallArgs<E>] : [CallArgs<E>?]
): Promise<ResponseOf<E>> {
  const { params, body, query, idempotencyKey, signal, signedOutIsAnAnswer } = (args ?? {}) as {
    params?: PathParams<E>;
    body?: unknown;
    query?: Record<string, string | undefined>;
    idempotencyKey?: string;
    signal?: AbortSignal;
    signedOutIsAnAnswer?: true;
  };
  const sessionRequired = endpoint.auth === 'required' && !signedOutIsAnAnswer;
  const answer = await requestJson<unknown>(endpoint.method, pathWithQuery(endpoint, params, query), body, {
    idempotencyKey,
    signal,
    sessionRequired,
  });
  return (endpoint.response ? endpoint.response.parse(answer) : answer) as ResponseOf<E>;
}

function pathWithQuery<E extends Endpoint>(
  endpoint: E,
  params: PathParams<E> | undefined,
  query: Record<string, string | undefined> | undefined,
): string {
  const search = new URLSearchParams(
    Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return pathOf(endpoint, (params ?? {}) as PathParams<E>) + (search ? `?${search}` : '');
}

/** One page of a paged list endpoint: its items, the next page's path (Link rel="next") and X-Total-Count. */
export interface ListPage<T> {
  items: T;
  next?: string;
  total?: number;
}

type PagedEndpoint = Endpoint & { method: 'GET'; query: z.ZodMiniType };

/**
 * A page of a paged list endpoint (an array answer with `Link: rel="next"`): the first one asked
 * with `query`, or the page a previous answer's Link named (`next`), followed as given.
 */
export async function callPage<E extends PagedEndpoint>(
  endpoint: E,
  { query, next, signal }: { query?: QueryInput<E>; next?: string; signal?: AbortSignal },
): Promise<ListPage<ResponseOf<E>>> {
  const path = next ?? pathWithQuery(endpoint, undefined, query as Record<string, string | undefined> | undefined);
  const { data, headers } = await requestWithHeaders<unknown>('GET', path, undefined, {
    signal,
    sessionRequired: endpoint.auth === 'required',
  });
  const total = headers.get('x-total-count');
  return {
    items: (endpoint.response ? endpoint.response.parse(data) : data) as ResponseOf<E>,
    next: nextLinkOf(headers),
    total: total !== null && /^\d+$/.test(total) ? Number(total) : undefined,
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
    const page: { data: unknown; headers: Headers } = await requestWithHeaders<unknown>('GET', path, undefined, {
      sessionRequired: endpoint.auth === 'required',
    });
    items.push(...(endpoint.response ? (endpoint.response.parse(page.data) as unknown[]) : (page.data as unknown[])));
    path = nextLinkOf(page.headers);
  }
  return items as ResponseOf<E>;
}
