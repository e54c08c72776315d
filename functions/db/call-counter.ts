import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts DynamoDB round trips per request. AsyncLocalStorage, not a module variable,
 * because the local emulator serves concurrent requests from one module instance.
 */
const store = new AsyncLocalStorage<{ calls: number }>();

export const runCounting = <T>(fn: () => Promise<T>) => store.run({ calls: 0 }, fn);
export const countCall = () => {
  const counter = store.getStore();
  if (counter) counter.calls += 1;
};
export const callsSoFar = () => store.getStore()?.calls ?? 0;
