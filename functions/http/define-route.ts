import middy from '@middy/core';
import type * as z from 'zod/mini';
import type { AuthMode, BodyOutput, Endpoint, PathParams, QueryOutput, ResponseOf } from '../../shared/contract/endpoint';
import { runCounting } from '../db/call-counter';
import { runWithTenantClient } from '../db/client';
import { runWithDeadline } from '../db/deadline';
import type { Key, KeyOf } from '../db/keys';
import { runInTenantScope } from '../db/tenant-guard';
import { httpResponse } from '../middleware/http-response';
import { jsonBody, validBody, validationError } from '../middleware/json-body';
import { organizationBudget } from '../middleware/organization-budget';
import { pathIds } from '../middleware/path-ids';
import { rawBody } from '../middleware/raw-body';
import { requestGuard } from '../middleware/request-guard';
import { type SessionRules, sessionLoader } from '../middleware/session';
import { runCountingMetrics } from '../observability/metrics';
import type { LoadedSession } from '../sessions/reads';
import type { RouteResult } from './response';
import type { Context, LambdaResult, RouteEvent } from './types';

/** What a preload may build keys from: the session's organization, the path, and the body once it is valid. */
type PreloadScope<Body = unknown> = { orgId: string; params: Record<string, string>; body: Body | undefined };
/** A key, or keys in order (an undefined one reads as a missing item, so the order stays). */
export type Preload<Body = unknown> = (scope: PreloadScope<Body>) => Key | readonly (Key | undefined)[] | undefined;
/** Any route's preload, whatever its body. */
type AnyPreload = Preload<never>;

/** What a key reads: the item type its KeyOf names (unknown for a bare Key). */
type ItemOf<K> = K extends KeyOf<infer T> ? T : unknown;

/** The items a preload reads, in its order, each possibly missing. */
export type PreloadedItems<P extends AnyPreload> =
  Exclude<ReturnType<P>, undefined> extends infer K
    ? K extends readonly (Key | undefined)[]
      ? { readonly [I in keyof K]: ItemOf<Exclude<K[I], undefined>> | undefined }
      : readonly [ItemOf<K> | undefined]
    : never;

/**
 * How an idempotent endpoint's handle runs (functions/middleware/idempotency.ts): given to
 * defineRoute by the handler, so that only the bundles of those routes carry it.
 */
export type IdempotentRun = (
  request: { event: RouteEvent; session: LoadedSession; context: Context },
  handle: () => Promise<RouteResult>,
) => Promise<RouteResult>;

/** An endpoint marked `idempotent` in its contract must be given the idempotency; no other may. */
type IdempotencyOption<E extends Endpoint> = E extends { idempotent: true }
  ? { idempotency: IdempotentRun }
  : { idempotency?: never };

interface RouteOptions<P extends AnyPreload> {
  /**
   * Items to read in the session's own round trip (a route's main item, e.g. the project of
   * /api/projects/{id}; the email item a body names); the handler gets the first as `preloaded` and
   * all of them, in order, as `preloadedAll`, typed by the keys' KeyOf (functions/db/keys.ts). A
   * body that the endpoint's schema refuses preloads nothing: the request answers 400 anyway.
   */
  preload?: P;
  idempotency?: IdempotentRun;
}

interface RouteRequest<E extends Endpoint, Loaded extends readonly unknown[] = readonly []> {
  event: RouteEvent;
  body: BodyOutput<E>;
  /** The body's exact text, for webhook endpoints (`rawBody: true`). */
  rawBody: E extends { rawBody: true } ? string : undefined;
  session: E['auth'] extends 'required' ? LoadedSession : LoadedSession | undefined;
  /** The item `preload` named first, when it exists. */
  preloaded: Loaded[0];
  /** Every item `preload` named, in its order (undefined where none exists). */
  preloadedAll: Loaded;
  params: PathParams<E>;
  /** The query string, parsed by the endpoint's query schema. */
  query: QueryOutput<E>;
  clientIp: string;
  requestId: string;
}

type Handle<E extends Endpoint, Loaded extends readonly unknown[] = readonly []> = (
  request: RouteRequest<E, Loaded>,
) => Promise<RouteResult<ResponseOf<E>>>;

/**
 * The one way to write a handler: the endpoint (shared/contract/) says what the route takes and
 * answers, the function tells the route's story (parse → authorize → data → answer). Order of the
 * chain: response and log (runs last on the way out), origin and cross-site guard, path ids, session,
 * the organization's budget, body.
 */
export function defineRoute<E extends Endpoint & { idempotent?: undefined }>(
  endpoint: E,
  handle: Handle<E>,
): ReturnType<typeof build>;
export function defineRoute<E extends Endpoint, P extends Preload<BodyOutput<E>>>(
  endpoint: E,
  options: RouteOptions<P> & NoInfer<IdempotencyOption<E>>,
  handle: Handle<E, PreloadedItems<P>>,
): ReturnType<typeof build>;
export function defineRoute(endpoint: Endpoint, second: unknown, third?: unknown) {
  const options = (third ? second : {}) as { preload?: Preload; idempotency?: IdempotentRun };
  const handle = (third ?? second) as (request: never) => Promise<RouteResult>;
  if (endpoint.rawBody && (endpoint.auth !== 'none' || endpoint.body))
    throw new Error(`${endpoint.path}: a raw-body endpoint has auth 'none' and no body schema`);
  if ((endpoint.idempotent === true) !== (options.idempotency !== undefined))
    throw new Error(`${endpoint.path}: an endpoint marked idempotent, and only such an endpoint, is given the idempotency`);
  if (endpoint.idempotent && endpoint.auth !== 'required')
    throw new Error(`${endpoint.path}: an idempotent endpoint needs a session (its keys are the user's own)`);
  const sessionRules = {
    beforeMfaSetup: endpoint.beforeMfaSetup === true,
    stepUp: endpoint.stepUp === true,
    passive: endpoint.passive === true,
    ...(endpoint.apiKeyScope ? { apiKeyScope: endpoint.apiKeyScope } : {}),
  };
  return build(
    endpoint.auth,
    endpoint.rawBody ? 'raw' : endpoint.body,
    options.preload,
    handle,
    endpoint.query,
    sessionRules,
    options.idempotency,
  );
}

const ANSWER_BEFORE_TIMEOUT_MS = 500;

function build(
  auth: AuthMode,
  /** 'raw': a webhook (Endpoint.rawBody). */
  body: z.ZodMiniType | 'raw' | undefined,
  preload: Preload | undefined,
  handle: (request: never) => Promise<RouteResult>,
  query?: z.ZodMiniType,
  sessionRules: SessionRules = {},
  idempotency?: IdempotentRun,
) {
  // The handler answers 503 (middy's TimeoutError, see db/faults.ts) this long before the function's
  // own timeout would cut it off with API Gateway's bare 500.
  const webhook = body === 'raw';
  // A webhook never reads a session: its function is not even allowed to read the session key.
  const middlewares = webhook
    ? [httpResponse(), requestGuard({ crossSiteCheck: false }), rawBody()]
    : [
        httpResponse(),
        requestGuard(),
        pathIds(),
        sessionLoader(auth === 'required', preload, sessionRules, (event) => validBody(event, body)),
        ...(auth === 'required' ? [organizationBudget()] : []),
        jsonBody(body),
      ];
  const chain = middy<RouteEvent, LambdaResult>({ timeoutEarlyInMillis: ANSWER_BEFORE_TIMEOUT_MS })
    .use(middlewares)
    .handler(async (event, context) => {
      const parsedQuery = query?.safeParse(event.queryStringParameters ?? {});
      if (parsedQuery && !parsedQuery.success) throw validationError(parsedQuery.error);
      const request = {
        event,
        body: event.parsedBody,
        rawBody: event.rawBody,
        session: event.session,
        preloaded: event.session?.preloadedAll[0],
        preloadedAll: event.session?.preloadedAll ?? [],
        query: parsedQuery?.data,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        clientIp: event.clientIp ?? event.requestContext.http.sourceIp,
        requestId: event.requestContext.requestId,
      };
      const run = () => handle(request as never);
      // After the session and the body are checked: a key is the signed-in user's, and a refused body keeps none.
      const result =
        idempotency && event.session ? await idempotency({ event, session: event.session, context }, run) : await run();
      return result as unknown as LambdaResult;
    });
  return (event: RouteEvent, context: Context) => {
    const run = () =>
      runCounting(() => runCountingMetrics(() => runInTenantScope(() => runWithTenantClient(() => chain(event, context)))));
    const remaining = context?.getRemainingTimeInMillis?.();
    // Every DynamoDB call of the request, the middlewares' too, answers by the time the early answer is due.
    return remaining === undefined ? run() : runWithDeadline(performance.now() + remaining - ANSWER_BEFORE_TIMEOUT_MS, run);
  };
}
