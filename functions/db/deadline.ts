import { requestScoped } from '../observability/request-scope';

/**
 * The time by which a request's DynamoDB calls must have answered: the route's early answer
 * (define-route.ts answers 503 this long before the function's timeout). Middy's early timeout
 * races only the handler, not the middlewares before it (the session loader's reads), and the
 * client's own attempts may add up to more than the function has (3 × the local cloud's 8 s):
 * with DynamoDB Local stopped, GET /api/projects was answered after 24.1 s although the function
 * had 10. A call still waiting at the deadline fails as the SDK's own timeout does, which the
 * route answers 503 with Retry-After (db/faults.ts).
 */
const scope = requestScoped<{ at: number }>();

/** Runs a request whose calls must answer by `at` (performance.now()'s time: real time, not the clock tests shift). */
export const runWithDeadline = <T>(at: number, fn: () => Promise<T>) => scope.run({ at }, fn);

export class DeadlineReached extends Error {
  constructor(command: string) {
    super(`${command} had not answered when the request's time ran out`);
    // The SDK's own timeout's name: every busy check already knows it.
    this.name = 'TimeoutError';
  }
}

/** The call, or DeadlineReached once the request's deadline passes first; outside a request, the call. */
export async function withinDeadline<T>(command: string, call: () => Promise<T>): Promise<T> {
  const deadline = scope.get();
  if (!deadline) return call();
  const left = deadline.at - performance.now();
  if (left <= 0) throw new DeadlineReached(command);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      call(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DeadlineReached(command)), left);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
