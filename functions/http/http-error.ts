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
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new HttpError(400, message, fieldErrors);
export const unauthorized = () => new HttpError(401, 'Not authenticated');
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
/** 429 with Retry-After in whole seconds, at least one, as every throttled route answers. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
