import type { MiddlewareObj } from '@middy/core';
import { isDomainName } from '../../shared/domain-name';
import { isId } from '../../shared/ids';
import { NotFound } from '../domain/errors';
import type { LambdaResult, RouteEvent } from '../http/types';

/**
 * Every path parameter of the API is an id (a ULID or a UUID), or, named {domain}, a lower-case
 * domain name (verified domains): anything else names nothing, and is answered 404 before any
 * database call, so an oversized or odd value never reaches a key.
 */
export function pathIds(): MiddlewareObj<RouteEvent, LambdaResult> {
  return {
    before: ({ event }) => {
      for (const [name, value] of Object.entries(event.pathParameters ?? {})) {
        const valid = name === 'domain' ? isDomainName : isId;
        if (value === undefined || !valid(value)) throw new NotFound();
      }
    },
  };
}
