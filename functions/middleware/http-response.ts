import type { MiddlewareObj, Request } from '@middy/core';
import { SERVICE_BUSY_MESSAGE } from '../../shared/api-error';
import { startedOnDemand } from '../config';
import { callsSoFar, dbTimeSoFar, readUnitsSoFar, readsSoFar, writesSoFar } from '../db/call-counter';
import { isDatabaseUnavailable } from '../db/faults';
import { enteredTenant, partitionOwnersSoFar } from '../db/tenant-guard';
import { AllowanceUsed, Conflict, DomainError, NotFound, type RefusalReason, Refused, Unavailable } from '../domain/errors';
import { HttpError } from '../http/http-error';
import type { RouteResult } from '../http/response';
import type { Context, LambdaResult, RouteEvent } from '../http/types';
import { dbCallsExposed } from '../local-stage';
import { logger } from '../observability/logger';
import { countMetric, metrics, publishMetrics } from '../observability/metrics';
import { sourceMappedStack } from '../observability/source-mapped-stack';

/** Written keys the measured answers list (x-db-written-keys); x-db-written-key-count tells them all. */
const WRITTEN_KEYS_SHOWN = 100;

type RouteRequest = Request<RouteEvent, LambdaResult, Error, Context>;

const RETRY_AFTER_SECONDS = 2;

/** What the log says of a database fault: its kind and the SDK's message, never a stack (the fault is not in the code). */
interface DatabaseFault {
  name: string;
  code?: string;
  message: string;
}

function databaseFault(error: Error): DatabaseFault {
  const code = (error as { code?: unknown }).code;
  return { name: error.name, ...(typeof code === 'string' ? { code } : {}), message: error.message };
}

/**
 * Registered first, so its after/onError run last: turns the route's result or any thrown error
 * into the API Gateway answer, adds the headers every /api answer carries, writes the request's one
 * log line and flushes its metrics (CloudWatch embedded metric format).
 */
export function httpResponse(): MiddlewareObj<RouteEvent, LambdaResult, Error, Context> {
  // Per request, on the event: one middleware instance serves concurrent requests locally.
  const startedAt = new WeakMap<object, { at: number; coldStart: boolean }>();
  // The first request of this execution environment, as Powertools counts it: one started on demand.
  let first = startedOnDemand();
  return {
    before: (request) => {
      const coldStart = first;
      first = false;
      if (coldStart) metrics.captureColdStartMetric(request.context.functionName);
      startedAt.set(request.event, { at: performance.now(), coldStart });
    },
    after: (request) => {
      request.response = finish(request, request.response as unknown as RouteResult);
    },
    onError: (request) => {
      const error = request.error;
      if (error instanceof HttpError || error instanceof DomainError) {
        const statusCode = error instanceof HttpError ? error.statusCode : statusOf(error);
        const code = error instanceof HttpError ? error.code : undefined;
        const body = {
          message: error.message,
          ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
          ...(code ? { code } : {}),
        };
        request.response = finish(request, {
          statusCode,
          body,
          headers: error instanceof HttpError ? error.headers : retryAfterOf(error),
        });
        return;
      }
      if (isDatabaseUnavailable(error)) {
        // The database could not answer (after the client's retries): the request may be sent again shortly.
        const headers = { 'retry-after': String(RETRY_AFTER_SECONDS) };
        request.response = finish(
          request,
          { statusCode: 503, body: { message: SERVICE_BUSY_MESSAGE }, headers },
          undefined,
          databaseFault(error),
        );
        return;
      }
      // A 500 tells the client nothing but the request id; the details go to the log line.
      const requestId = request.event.requestContext.requestId;
      request.response = finish(
        request,
        { statusCode: 500, body: { message: 'Internal server error', requestId } },
        error ?? undefined,
      );
    },
  };

  function finish(request: RouteRequest, result: RouteResult, error?: unknown, fault?: DatabaseFault): LambdaResult {
    const { event, context } = request;
    const started = startedAt.get(event);
    const headers: Record<string, string> = {
      'cache-control': 'no-store',
      'x-request-id': event.requestContext.requestId,
      ...event.answerHeaders,
      ...result.headers,
    };
    if (dbCallsExposed()) {
      headers['x-db-calls'] = String(callsSoFar());
      headers['x-db-read-units'] = String(readUnitsSoFar());
      headers['x-db-reads'] = readsSoFar().join(',');
      const writes = writesSoFar();
      headers['x-db-write-units'] = String(writes.units);
      headers['x-db-index-write-units'] = String(writes.indexUnits);
      headers['x-db-transactions'] = String(writes.transactions);
      headers['x-db-cancelled'] = String(writes.cancelled);
      // Keys may hold characters a header may not (the word items' separator). A write of 500
      // members' items would pass a client's 16 KB of headers: the first WRITTEN_KEYS_SHOWN and the count.
      headers['x-db-written-keys'] = encodeURIComponent(JSON.stringify(writes.keys.slice(0, WRITTEN_KEYS_SHOWN)));
      headers['x-db-written-key-count'] = String(writes.keys.length);
      // Whose partitions every call named, sync calls kept out of the counts included: the tenant guard's test over all routes.
      const partitions = partitionOwnersSoFar();
      headers['x-db-partitions'] = encodeURIComponent(JSON.stringify(partitions.slice(0, WRITTEN_KEYS_SHOWN)));
      headers['x-db-partition-count'] = String(partitions.length);
    }
    if (result.statusCode === 429) countMetric('RequestsThrottled');
    logRequest(
      {
        route: event.routeKey,
        status: result.statusCode,
        durationMs: started ? Math.round((performance.now() - started.at) * 10) / 10 : undefined,
        requestId: context?.awsRequestId,
        correlationId: event.requestContext.requestId,
        coldStart: started?.coldStart ?? false,
        dbCalls: callsSoFar(),
        dbMs: Math.round(dbTimeSoFar() * 10) / 10,
        // A SCIM request has no session: its token's organization, as the tenant guard entered it.
        orgId: event.session?.org.id ?? enteredTenant(),
        // Per organization, in the log line rather than as metric dimensions (docs/runbook.md's query).
        readUnits: readUnitsSoFar(),
        writeUnits: writesSoFar().units + writesSoFar().indexUnits,
      },
      error,
      fault,
    );
    publishMetrics(event.requestContext.requestId);
    return toLambdaResult(result, headers);
  }
}

/**
 * The request's one log line: what happened, never who (no emails, names, cookies, tokens or
 * bodies). A 500's line carries the error with its stack mapped to the TypeScript source.
 */
function logRequest(fields: Record<string, string | number | boolean | undefined>, error: unknown, fault?: DatabaseFault) {
  if (fault) {
    logger.warn('database unavailable', { ...fields, cause: fault });
    return;
  }
  if (error === undefined) {
    logger.info('request', fields);
    return;
  }
  if (error instanceof Error && error.stack) error.stack = sourceMappedStack(error.stack);
  logger.error('request failed', { ...fields, error });
}

function toLambdaResult(result: RouteResult, headers: Record<string, string>): LambdaResult {
  if (result.binary) {
    return {
      statusCode: result.statusCode,
      headers: { ...headers, 'content-type': result.binary.contentType },
      body: result.binary.data.toString('base64'),
      isBase64Encoded: true,
    };
  }
  if (result.text) {
    return {
      statusCode: result.statusCode,
      headers: { ...headers, 'content-type': result.text.contentType },
      body: result.text.data,
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

const REFUSAL_STATUS: Record<RefusalReason, number> = { 'signed-out': 401, 'not-allowed': 403, invalid: 400 };

/** The one mapping of the domain's errors (functions/domain/errors.ts) to HTTP statuses. */
function statusOf(error: DomainError): number {
  if (error instanceof NotFound) return 404;
  if (error instanceof Conflict) return 409;
  if (error instanceof Refused) return REFUSAL_STATUS[error.reason];
  if (error instanceof AllowanceUsed) return 429;
  if (error instanceof Unavailable) return error.refusedBy === 'upstream' ? 502 : 503;
  return 500;
}

/** When a refusal passes: Retry-After in whole seconds, at least one. */
function retryAfterOf(error: DomainError): Record<string, string> | undefined {
  const seconds = error instanceof AllowanceUsed || error instanceof Unavailable ? error.retryAfterSeconds : undefined;
  return seconds === undefined ? undefined : { 'retry-after': String(Math.max(1, Math.ceil(seconds))) };
}
