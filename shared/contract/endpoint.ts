import type * as z from 'zod/mini';
import type { ApiKeyScope } from '../api-key-scopes';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** 'required': no valid session is 401. 'optional': the session is loaded when there is one. 'none': never read. */
export type AuthMode = 'required' | 'optional' | 'none';

/**
 * One route of the API as plain data, the single source both sides are built from: the server's
 * handler takes its body schema and auth mode, the web client its method, path and response schema.
 * `path` uses API Gateway's syntax: {name} is a path parameter.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly auth: AuthMode;
  /** The JSON request body's schema; without one a JSON body is still checked but ignored. */
  readonly body?: z.ZodMiniType;
  /** The query string's schema (its values are strings); without one the query string is ignored. */
  readonly query?: z.ZodMiniType;
  /** The JSON answer's schema; absent when the answer is not JSON (an image, an empty 204). */
  readonly response?: z.ZodMiniType;
  /**
   * A webhook: the handler gets the body's exact text (`rawBody`) to verify a signature over it.
   * Its body is neither parsed nor held to the JSON and cross-site rules; it must have auth 'none'
   * (the signature is the authentication) and no body schema (docs/decisions/017).
   */
  readonly rawBody?: true;
  /**
   * Open to a signed-in member whose organization requires two-factor sign-in before they have set
   * it up (the setup routes, GET /api/user, logout). Every other 'required' route answers them 403
   * (functions/middleware/session.ts).
   */
  readonly beforeMfaSetup?: true;
  /**
   * A security change (setting up two-factor, ending every other session): the session must have
   * confirmed the password or a two-factor code (POST /api/user/step-up) within STEP_UP_WINDOW_MS,
   * else 403 with `code: STEP_UP_REQUIRED` (functions/middleware/session.ts; docs/decisions/038).
   */
  readonly stepUp?: true;
  /**
   * Read in the background by an open page (the unread count's 30-second poll): it is answered
   * while the session lives, but does not count as a use, so a tab left open still goes idle
   * (docs/decisions/039).
   */
  readonly passive?: true;
  /**
   * A creation that accepts an `Idempotency-Key` header (IDEMPOTENCY_KEY_HEADER): a retry with the
   * same key within IDEMPOTENCY_WINDOW_HOURS answers the first success again (same status and
   * body, with `Idempotent-Replayed: true`) and writes nothing. The key is the signed-in user's own
   * in their organization, for this route: another user's identical key is another request. The same
   * key with another body is 422; while the first request with the key is still running, 409 with
   * Retry-After (the web client waits and sends it again). Only a success is kept: a refused request
   * (4xx) or a fault keeps nothing, so its retry runs afresh. Without the header the route behaves as
   * if it had none of this. The handler must pass `idempotency` to defineRoute
   * (functions/middleware/idempotency.ts); the web client must send a key (docs/decisions/033).
   */
  readonly idempotent?: true;
  /**
   * An organization's API key with this scope may call the route (`Authorization: Bearer gw_live_…`),
   * acting as the organization ('API key: <name>'); a key without it is 403. A route that names no
   * scope is never reached by a key (functions/middleware/session.ts; docs/decisions/113).
   */
  readonly apiKeyScope?: ApiKeyScope;
}

/** The request header that names one submit of an idempotent endpoint (Endpoint.idempotent). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** At most this many characters, each visible ASCII (a UUID is 36). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a key answers with its first result. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** The answer header that marks a replayed result. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * Declares an endpoint, keeping its literal method and path for the types below. Each endpoint is an
 * export of its own, its call marked with esbuild's `@__PURE__` annotation (as every schema of
 * shared/schemas/ is built in a marked arrow function), and its module is imported as a namespace
 * (`import * as projectEndpoints from '…/contract/projects'`): esbuild then bundles into a handler
 * its own endpoint and schemas alone, not the rest of the module's (docs/decisions/021j;
 * test/infra/handler-bundles.test.ts fails on a schema or endpoint built without the annotation).
 */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** The path parameters an endpoint's path names, e.g. { id: string } for /api/projects/{id}. */
export type PathParams<E extends Endpoint> = { [Name in ParamNames<E['path']>]: string };

export type BodyInput<E extends Endpoint> = E['body'] extends z.ZodMiniType ? z.input<E['body']> : undefined;
export type BodyOutput<E extends Endpoint> = E['body'] extends z.ZodMiniType ? z.output<E['body']> : undefined;
export type QueryInput<E extends Endpoint> = E['query'] extends z.ZodMiniType ? z.input<E['query']> : undefined;
export type QueryOutput<E extends Endpoint> = E['query'] extends z.ZodMiniType ? z.output<E['query']> : undefined;
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodMiniType ? z.output<E['response']> : undefined;

/** The concrete path for some parameters; each value is percent-encoded. */
export function pathOf<E extends Endpoint>(definition: E, params: PathParams<E>): string {
  const values = params as Record<string, string>;
  return definition.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${definition.path} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
