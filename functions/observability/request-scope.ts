import { AsyncLocalStorage } from 'node:async_hooks';
import { inLambda, lambdaServesConcurrently } from '../config';

/**
 * Where one process serves several requests at once (the local emulator, tests, Lambda's
 * multi-concurrency mode, which sets AWS_LAMBDA_MAX_CONCURRENCY), per-request state needs
 * AsyncLocalStorage. A Lambda environment otherwise serves one request at a time, and there
 * AsyncLocalStorage would only cost: on Node 20 and 22 it turns on promise hooks, which tax every await of
 * every request (about 4 ms of a cold start's first request).
 */
const oneRequestAtATime = () => inLambda() && !lambdaServesConcurrently();

interface RequestScoped<T> {
  /** Runs `fn` with `value` as this request's. */
  run<R>(value: T, fn: () => Promise<R>): Promise<R>;
  /** The current request's value; undefined outside `run`. */
  get(): T | undefined;
}

type Scopes = ReadonlyMap<symbol, unknown>;

/**
 * One AsyncLocalStorage for the whole process, shared through the global symbol registry: the
 * emulator loads every route's bundle, each with its own copy of this module, and Node 20 walks every
 * enabled storage on each promise it creates (three storages a bundle, a hundred bundles: 8 % of the
 * integration suite's main-process CPU went to that walk).
 */
function processStorage(): AsyncLocalStorage<Scopes> {
  const registry = globalThis as { [key: symbol]: AsyncLocalStorage<Scopes> | undefined };
  const key = Symbol.for('growthwise.request-scopes');
  return (registry[key] ??= new AsyncLocalStorage<Scopes>());
}

/** A value kept per request, e.g. the request's DynamoDB call count. */
export function requestScoped<T>(): RequestScoped<T> {
  if (!oneRequestAtATime()) {
    const storage = processStorage();
    const scope = Symbol('request-scoped');
    return {
      run: (value, fn) => storage.run(new Map(storage.getStore()).set(scope, value), fn),
      get: () => storage.getStore()?.get(scope) as T | undefined,
    };
  }
  let current: T | undefined;
  return {
    run: async (value, fn) => {
      // Nested runs (a call kept out of the request's counts) give the request its value back.
      const outer = current;
      current = value;
      try {
        return await fn();
      } finally {
        current = outer;
      }
    },
    get: () => current,
  };
}
