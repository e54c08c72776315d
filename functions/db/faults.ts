import { isConditionFailure } from './transactions';

/** DynamoDB's own answers that mean "not now" rather than "not so": throttling, overload, its own faults. */
const BUSY_ERRORS = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'TransactionConflictException',
  'TransactionInProgressException',
  // The SDK's request timeout, and middy's early timeout before the function's own.
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
/** A transaction cancelled for one of these reasons failed on the database's state of the moment, not on a condition. */
const BUSY_CANCELLATIONS = new Set([
  'ThrottlingError',
  'TransactionConflict',
  'ProvisionedThroughputExceeded',
  'RequestLimitExceeded',
  'InternalServerError',
]);
/** The network failing under the client: DynamoDB unreachable. */
const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Thrown by our own retry loops when DynamoDB keeps leaving work undone (throttling): the database is busy. */
export class DatabaseBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseBusyError';
  }
}

/**
 * True when the database could not answer, after the client's retries: unreachable, timed out,
 * throttled, failing or in conflict. Such a request may succeed if sent again shortly (503), unlike a
 * failed condition or a bad request. Nothing is half-written: every multi-item write is one transaction.
 */
export function isDatabaseUnavailable(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseBusyError || BUSY_ERRORS.has(error.name)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && NETWORK_ERRORS.has(code)) return true;
  if (error.name === 'TransactionCanceledException' && !isConditionFailure(error)) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    return reasons.some((reason) => reason.Code !== undefined && BUSY_CANCELLATIONS.has(reason.Code));
  }
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status !== undefined && status >= 500;
}
