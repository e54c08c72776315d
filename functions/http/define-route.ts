import middy from '@middy/core';
import type * as z from 'zod/mini';
import { runCounting } from '../db/call-counter';
import type { Item } from '../db/batch-get';
import type { Key } from '../db/keys';
import type { LoadedSession } from '../db/sessions';
import { httpResponse } from '../middleware/http-response';
import { jsonBody } from '../middleware/json-body';
import { requestGuard } from '../middleware/request-guard';
import { sessionLoader } from '../middleware/session';
import type { RouteResult } from './response';
import type { Context, LambdaResult, RouteEvent } from './types';

type AuthMode = 'required' | 'optional' | 'none';

export interface RouteOptions<S extends z.ZodMiniType | undefined, A extends AuthMode> {
  /** 'required': no valid session is 401. 'optional': the session is loaded when there is one. */
  auth: A;
  /** The request body's schema (from shared/); without one a JSON body is still checked but ignored. */
  body?: S;
  /**
   * One item of the caller's organization to read in the session's own round trip (a route's main
   * item, e.g. the project of /api/projects/{id}); the handler gets it as `preloaded`.
   */
  preload?: (scope: { orgId: string; params: Record<string, string> }) => Key | undefined;
}

export interface RouteRequest<S extends z.ZodMiniType | undefined, A extends AuthMode> {
  event: RouteEvent;
  body: S extends z.ZodMiniType ? z.infer<S> : undefined;
  session: A extends 'required' ? LoadedSession : LoadedSession | undefined;
  /** The item `preload` named, when it exists. */
  preloaded: Item | undefined;
  params: Record<string, string>;
  clientIp: string;
  requestId: string;
}

/**
 * The one way to write a handler: options say what the route needs, the function tells the
 * route's story (parse → authorize → data → answer). Order of the chain: response and log
 * (runs last on the way out), origin and cross-site guard, session, body.
 */
export function defineRoute<S extends z.ZodMiniType | undefined = undefined, A extends AuthMode = 'required'>(
  options: RouteOptions<S, A>,
  handle: (request: RouteRequest<S, A>) => Promise<RouteResult>,
) {
  const chain = middy<RouteEvent, LambdaResult>({ timeoutEarlyInMillis: 0 })
    .use(httpResponse())
    .use(requestGuard())
    .use(sessionLoader(options.auth === 'required', options.preload))
    .use(jsonBody(options.body))
    .handler(async (event) => {
      const result = await handle({
        event,
        body: event.parsedBody as RouteRequest<S, A>['body'],
        session: event.session as RouteRequest<S, A>['session'],
        preloaded: event.session?.preloaded,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        clientIp: event.clientIp ?? event.requestContext.http.sourceIp,
        requestId: event.requestContext.requestId,
      });
      return result as unknown as LambdaResult;
    });
  return (event: RouteEvent, context: Context) => runCounting(() => chain(event, context));
}
