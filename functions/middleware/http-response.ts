import type { MiddlewareObj } from '@middy/core';
import { callsSoFar } from '../db/call-counter';
import { HttpError } from '../http/http-error';
import type { RouteResult } from '../http/response';
import type { LambdaResult, RouteEvent } from '../http/types';

/**
 * Registered first, so its after/onError run last: turns the route's result or any thrown
 * error into the API Gateway answer, adds the headers every /api answer carries, and logs
 * one JSON line per request (route, status, duration, request id, DynamoDB calls).
 */
export function httpResponse(): MiddlewareObj<RouteEvent, LambdaResult> {
  // Per request, on the event: one middleware instance serves concurrent requests locally.
  const startedAt = new WeakMap<object, number>();
  const started = (event: RouteEvent) => startedAt.get(event) ?? performance.now();
  return {
    before: (request) => {
      startedAt.set(request.event, performance.now());
    },
    after: (request) => {
      request.response = finish(request.event, request.response as unknown as RouteResult, started(request.event));
    },
    onError: (request) => {
      const error = request.error;
      const requestId = request.event.requestContext.requestId;
      if (error instanceof HttpError) {
        const body = error.fieldErrors ? { message: error.message, fieldErrors: error.fieldErrors } : { message: error.message };
        request.response = finish(request.event, { statusCode: error.statusCode, body, headers: error.headers }, started(request.event));
        return;
      }
      // A 500 tells the client nothing but the request id; the details go to the log.
      log({ level: 'error', route: request.event.routeKey, requestId, error: describe(error) });
      request.response = finish(request.event, { statusCode: 500, body: { message: 'Internal server error', requestId } }, started(request.event));
    },
  };
}

function finish(event: RouteEvent, result: RouteResult, started: number): LambdaResult {
  const requestId = event.requestContext.requestId;
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    'x-request-id': requestId,
    ...result.headers,
  };
  if (process.env.EXPOSE_DB_CALLS === '1') headers['x-db-calls'] = String(callsSoFar());
  log({
    level: 'info',
    route: event.routeKey,
    status: result.statusCode,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    requestId,
    dbCalls: callsSoFar(),
  });
  if (result.binary) {
    return {
      statusCode: result.statusCode,
      headers: { ...headers, 'content-type': result.binary.contentType },
      body: result.binary.data.toString('base64'),
      isBase64Encoded: true,
    };
  }
  const hasBody = result.body !== undefined;
  return {
    statusCode: result.statusCode,
    headers: hasBody ? { ...headers, 'content-type': 'application/json; charset=utf-8' } : headers,
    ...(result.cookies?.length ? { cookies: result.cookies } : {}),
    body: hasBody ? JSON.stringify(result.body) : '',
  };
}

function log(line: Record<string, unknown>) {
  if (process.env.LOG_LEVEL === 'silent') return;
  if (process.env.LOG_LEVEL === 'error' && line.level !== 'error') return;
  console.log(JSON.stringify({ time: new Date().toISOString(), ...line }));
}

function describe(error: unknown) {
  return error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { value: String(error) };
}
