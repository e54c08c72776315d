import type { MiddlewareObj } from '@middy/core';
import { isId } from '../../shared/ids';
import { NotFound } from '../domain/errors';
import type { LambdaResult, RouteEvent } from '../http/types';

/**
 * Every path parameter of the API is an id (a ULID or a UUID): anything else names nothing, and is
 * answered 404 before any database call, so an oversized or odd value never reaches a key.
 */
export function pathIds(): MiddlewareObj<RouteEvent, LambdaResult> {
  return {
    before: ({ event }) => {
      for (const value of Object.values(event.pathParameters ?? {})) {
        if (value === undefined || !isId(value)) throw new NotFound();
      }
    },
  };
}
