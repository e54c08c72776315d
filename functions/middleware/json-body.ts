import type { MiddlewareObj } from '@middy/core';
import * as z from 'zod/mini';
import { MAX_JSON_BODY_BYTES } from '../../shared/limits';
import { HttpError, badRequest } from '../http/http-error';
import type { LambdaResult, RouteEvent } from '../http/types';

type Schema = z.ZodMiniType;

/**
 * JSON bodies only: over 256 KiB is 413, another content type 415, malformed JSON 400,
 * and with a schema, a failed validation is 400 with the spec's message per field.
 */
export function jsonBody(schema: Schema | undefined): MiddlewareObj<RouteEvent, LambdaResult> {
  return {
    before: ({ event }) => {
      const outcome = bodyOutcome(event, schema);
      if ('error' in outcome) throw outcome.error;
      if (schema) event.parsedBody = outcome.data;
    },
  };
}

/**
 * The body as the schema parses it, or undefined when it would be refused: for the session's
 * preload, which runs before this middleware answers for the body (401 comes before 400).
 */
export function validBody(event: RouteEvent, schema: Schema | undefined): unknown {
  const outcome = bodyOutcome(event, schema);
  return 'data' in outcome ? outcome.data : undefined;
}

type BodyOutcome = { data: unknown } | { error: unknown };

// Once per request, whoever asks first.
const outcomes = new WeakMap<RouteEvent, BodyOutcome>();

function bodyOutcome(event: RouteEvent, schema: Schema | undefined): BodyOutcome {
  let outcome = outcomes.get(event);
  if (!outcome) {
    try {
      outcome = { data: parseBody(event, schema) };
    } catch (error) {
      outcome = { error };
    }
    outcomes.set(event, outcome);
  }
  return outcome;
}

function parseBody(event: RouteEvent, schema: Schema | undefined): unknown {
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body)) : undefined;
  let parsed: unknown;
  if (raw && raw.length > 0) {
    if (raw.length > MAX_JSON_BODY_BYTES) throw new HttpError(413, 'Request body is too large');
    const contentType = (event.headers?.['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== 'application/json') throw new HttpError(415, 'Content-Type must be application/json');
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest('Malformed JSON body');
    }
  }
  if (!schema) return undefined;
  const result = schema.safeParse(parsed ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** A 400 naming the first failed rule, with one message per field. */
export function validationError(error: z.core.$ZodError) {
  const fieldErrors: Record<string, string> = {};
  let formError: string | undefined;
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (!field) formError ??= issue.message;
    else fieldErrors[field] ??= issue.message;
  }
  const first = formError ?? Object.values(fieldErrors)[0] ?? 'Invalid request';
  return badRequest(first, Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined);
}
