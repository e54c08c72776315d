import { requestScoped } from '../observability/request-scope';

/** Counts DynamoDB round trips per request (for its log line and the call budgets' x-db-calls). */
const store = requestScoped<{ calls: number }>();

export const runCounting = <T>(fn: () => Promise<T>) => store.run({ calls: 0 }, fn);
export const countCall = () => {
  const counter = store.get();
  if (counter) counter.calls += 1;
};
export const callsSoFar = () => store.get()?.calls ?? 0;
