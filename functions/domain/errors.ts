/**
 * What the data layer and the handlers throw when a request cannot be done: the failure in the
 * domain's words, never an HTTP status. The response middleware (functions/middleware/
 * http-response.ts) is the one place that turns each into its answer.
 */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    /** Per-field messages, for a refusal a form shows beside its field. */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** What the request names does not exist for the caller (another organization's ids included): 404. */
export class NotFound extends DomainError {
  constructor(message = 'Not found') {
    super(message);
  }
}

/** The request collides with the current state: a taken email, a change lost to a concurrent one: 409. */
export class Conflict extends DomainError {}

/**
 * Why a request is refused: the caller is no longer signed in (their user was removed meanwhile,
 * 401), may not do it (403), or it breaks a rule the request schema cannot check (400).
 */
export type RefusalReason = 'signed-out' | 'not-allowed' | 'invalid';

export class Refused extends DomainError {
  constructor(
    readonly reason: RefusalReason,
    message: string,
    fieldErrors?: Record<string, string>,
  ) {
    super(message, fieldErrors);
  }
}

/**
 * A service the request needs cannot answer it: for now (busy or slow: `retryAfterSeconds` says when to
 * try again) or on this stage at all, 503; or it refused what it was sent, 502 (`refusedBy: 'upstream'`).
 */
export class Unavailable extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
    readonly refusedBy?: 'upstream',
  ) {
    super(message);
  }
}

/** An allowance of the organization is used up until a later time: 429 with Retry-After. */
export class AllowanceUsed extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
