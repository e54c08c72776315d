import { HttpError } from './http-error';

/** 429 with Retry-After (whole seconds), as every throttled route answers. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
