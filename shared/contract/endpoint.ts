import type * as z from 'zod/mini';

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
}

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
