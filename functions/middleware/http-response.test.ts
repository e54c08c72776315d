import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { endpoint } from '../../shared/contract/endpoint';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/http-error';
import { ok } from '../http/response';
import type { RouteEvent } from '../http/types';

const TEST_ENDPOINT = endpoint({ method: 'GET', path: '/api/test', auth: 'none', response: z.unknown() });

const event = (): RouteEvent =>
  ({
    version: '2.0',
    routeKey: 'GET /api/test',
    rawPath: '/api/test',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { requestId: 'apigw-123', http: { method: 'GET', path: '/api/test', sourceIp: '127.0.0.1' } },
  }) as unknown as RouteEvent;

const context = { awsRequestId: 'lambda-456', functionName: 'test-function' } as never;

/** Powertools writes through a Console of its own (errors on stderr): the lines are read there. */
function captureStdout() {
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  return () =>
    [...out.mock.calls, ...err.mock.calls]
      .map(([chunk]) => String(chunk))
      .flatMap((text) => text.split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, any>);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the response middleware', () => {
  it('writes one structured line per request: route, status, duration, request and correlation ids, cold start, DynamoDB calls', async () => {
    const lines = captureStdout();
    const handler = defineRoute(TEST_ENDPOINT, async () => ok({ fine: true }));
    const result = await handler(event(), context);
    expect(result.statusCode).toBe(200);
    const logged = lines().filter((line) => line.message === 'request');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 'INFO',
      service: 'growthwise',
      route: 'GET /api/test',
      status: 200,
      durationMs: expect.any(Number),
      requestId: 'lambda-456',
      correlationId: 'apigw-123',
      coldStart: expect.any(Boolean),
      dbCalls: 0,
    });
  });

  it('logs an answered error (4xx) at info, with its status and without its message', async () => {
    const lines = captureStdout();
    const handler = defineRoute(TEST_ENDPOINT, async () => {
      throw new HttpError(409, 'Email ada@example.com is taken');
    });
    const result = await handler(event(), context);
    expect(result.statusCode).toBe(409);
    const [line] = lines();
    expect(line).toMatchObject({ level: 'INFO', status: 409 });
    expect(JSON.stringify(lines())).not.toContain('ada@example.com');
  });

  it('answers an unexpected error with 500 and nothing but the request id; the error goes to the same log line', async () => {
    const lines = captureStdout();
    const handler = defineRoute(TEST_ENDPOINT, async () => {
      throw new Error('database password is hunter2');
    });
    const result = await handler(event(), context);
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body!)).toEqual({ message: 'Internal server error', requestId: 'apigw-123' });
    expect(result.body).not.toContain('hunter2');
    const logged = lines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 'ERROR',
      message: 'request failed',
      route: 'GET /api/test',
      status: 500,
      correlationId: 'apigw-123',
      error: expect.objectContaining({ name: 'Error', message: 'database password is hunter2', stack: expect.stringContaining('http-response.test.ts') }),
    });
  });
});
