import type { Request } from '@middy/core';
import { describe, expect, it } from 'vitest';
import { organizationUserRequest } from '../../shared/schemas/organization-users';
import type { LambdaResult, RouteEvent } from '../http/types';
import { jsonBody, validBody } from './json-body';

function event(body: string | undefined, contentType = 'application/json'): RouteEvent {
  return { body, headers: { 'content-type': contentType }, isBase64Encoded: false } as unknown as RouteEvent;
}

/** What the body middleware answers for the event: the status it refuses with, or the body it hands on. */
function answer(routeEvent: RouteEvent): { status?: number; message?: string; parsedBody?: unknown } {
  try {
    jsonBody(organizationUserRequest).before!({ event: routeEvent } as Request<RouteEvent, LambdaResult>);
    return { parsedBody: routeEvent.parsedBody };
  } catch (error) {
    const { statusCode, message } = error as { statusCode: number; message: string };
    return { status: statusCode, message };
  }
}

const valid = { username: 'ana@example.com', fullName: 'Ana Silva', role: 'staff' };

describe('the body a preload may read (validBody)', () => {
  it('is the body as the endpoint schema parses it, the same the handler then gets', () => {
    const routeEvent = event(JSON.stringify(valid));
    expect(validBody(routeEvent, organizationUserRequest)).toMatchObject(valid);
    expect(answer(routeEvent).parsedBody).toBe(validBody(routeEvent, organizationUserRequest));
  });

  it.each([
    ['malformed JSON', event('{"username":'), 400],
    ['another content type', event(JSON.stringify(valid), 'text/plain'), 415],
    ['a body the schema refuses', event(JSON.stringify({ ...valid, username: 'x'.repeat(5000) })), 400],
    ['a username that is not text', event(JSON.stringify({ ...valid, username: { PK: 'ORG#other' } })), 400],
    ['a body over 256 KiB', event(JSON.stringify({ ...valid, fullName: 'a'.repeat(300 * 1024) })), 413],
  ])('is nothing for %s, which the body middleware still refuses', (_, routeEvent, status) => {
    expect(validBody(routeEvent, organizationUserRequest)).toBeUndefined();
    expect(answer(routeEvent).status).toBe(status);
  });
});
