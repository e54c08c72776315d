import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import type { LambdaHandler } from './emulator';

/**
 * A bundle's handler, imported on its first call as Lambda starts a function on demand. Lambda times an
 * invocation from the end of the init phase (the module's import has a budget of its own), so the context
 * handed on counts the function's remaining time from there: a cold start on a crowded machine took the
 * import's seconds out of the handler's 10 and had a sign-in answered 503 (CI, 2026-11-28).
 */
export function loadOnFirstCall(file: string): LambdaHandler {
  let loaded: Promise<LambdaHandler> | undefined;
  return async (event, context) => {
    const remaining = context?.getRemainingTimeInMillis?.();
    loaded ??= import(pathToFileURL(file).href).then((module: { handler: LambdaHandler }) => module.handler);
    const handler = await loaded;
    if (remaining === undefined) return handler(event, context);
    const invoked = Date.now();
    return handler(event, { ...context, getRemainingTimeInMillis: () => remaining - (Date.now() - invoked) } as Context);
  };
}
