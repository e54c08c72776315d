/**
 * A phase whose requests the product refused measures the bench's own set-up, not the product: it
 * stops the bench with a sentence saying so, rather than ending up as an error count in a table.
 */
export class SetUpError extends Error {
  constructor(message: string) {
    super(`The bench's set-up failed: ${message}`);
    this.name = 'SetUpError';
  }
}

/** The share of failed requests above which a phase that expects success measures its set-up (1 %). */
export const MOST_REQUESTS = 0.01;

/** The share of 'busy' answers above which a phase measured nothing but an overloaded machine. */
const MOSTLY_BUSY = 0.5;

/** The status the API answers when its database did not answer in time (functions/middleware/http-response.ts). */
export const BUSY = 503;

/**
 * Throws when `what` had no requests, or more than 1 % of them failed other than 'busy' (503) where
 * every one should succeed, or more than half failed at all. A 503 is the product's own answer to a
 * machine too loaded for its database to keep up: a figure of the run (the load goal counts it), not
 * a set-up gone wrong, unless it is most of what the phase measured.
 */
export function assertMostlySucceeded(
  what: string,
  figures: { requests: number; errors: number; busy?: number; errorSamples?: readonly string[] },
) {
  if (figures.requests === 0) throw new SetUpError(`${what} made no request`);
  const samples = figures.errorSamples?.length ? ` (${figures.errorSamples.slice(0, 5).join(', ')})` : '';
  const notBusy = figures.errors - (figures.busy ?? 0);
  if (notBusy / figures.requests > MOST_REQUESTS) {
    throw new SetUpError(
      `${notBusy} of ${figures.requests} requests of ${what} failed${samples}; more than ${MOST_REQUESTS * 100} % means the bench measured its own set-up`,
    );
  }
  if (figures.errors / figures.requests > MOSTLY_BUSY)
    throw new SetUpError(
      `${figures.errors} of ${figures.requests} requests of ${what} failed${samples}: the phase measured an overloaded machine`,
    );
}

/**
 * Answers a session, a throttle or a permission refuses with: the bench signed in wrong, or went
 * past one of the product's limits (functions/throttles/rules.ts), or asked as the wrong user.
 */
export const REFUSALS = [401, 403, 429] as const;

/** Throws when any of `statuses` (status → count) is a refusal: a session lost, a limit met, the wrong user. */
export function assertNoRefusals(what: string, statuses: Readonly<Record<string, number>>) {
  const refused = Object.entries(statuses).filter(([status]) => (REFUSALS as readonly number[]).includes(Number(status)));
  if (refused.length > 0)
    throw new SetUpError(
      `${what} was refused (${refused.map(([status, count]) => `${count} × ${status}`).join(', ')}): the bench's sessions, addresses or accounts went wrong`,
    );
}
