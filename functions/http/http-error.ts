import { STEP_UP_REQUIRED, STEP_UP_REQUIRED_MESSAGE } from '../../shared/messages';

/**
 * A failure of the HTTP exchange itself (no session, a malformed or refused request, too many
 * attempts), answered as-is: `{message, fieldErrors?}` with its status. What the domain refuses
 * is a functions/domain/errors.ts error instead.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** A refusal the client acts on (ApiErrorBody.code). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) => new HttpError(400, message, fieldErrors);
export const unauthorized = () => new HttpError(401, 'Not authenticated');
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
/** 403 of a security change without a recent step-up: the web asks for the password and sends the change again. */
export const stepUpRequired = () => new HttpError(403, STEP_UP_REQUIRED_MESSAGE, undefined, undefined, STEP_UP_REQUIRED);
/** 429 with Retry-After in whole seconds, at least one, as every throttled route answers. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
