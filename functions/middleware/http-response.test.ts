import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { endpoint } from '../../shared/contract/endpoint';
import { DB_CLIENT_LIMITS } from '../db/client';
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
  it('writes one structured line per request: route, status, duration, request and correlation ids, cold start, DynamoDB calls and their time', async () => {
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
      dbMs: 0,
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
      error: expect.objectContaining({
        name: 'Error',
        message: 'database password is hunter2',
        stack: expect.stringContaining('http-response.test.ts'),
      }),
    });
  });
});

/** A TCP server that accepts connections and never answers: a database that hangs. */
const silent: { server?: Server; sockets: Socket[] } = { sockets: [] };
async function silentServer(): Promise<number> {
  silent.server = createServer((socket) => void silent.sockets.push(socket)).listen(0, '127.0.0.1');
  await new Promise((resolve) => silent.server!.once('listening', resolve));
  return (silent.server.address() as { port: number }).port;
}
afterAll(() => {
  for (const socket of silent.sockets) socket.destroy();
  silent.server?.close();
});

/** An error shaped as the AWS SDK throws it: a name, and sometimes a code, cancellation reasons or metadata. */
const sdkError = (name: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(`${name} happened`), { name, ...extra });

describe('a database that cannot answer', () => {
  const faults: [string, Error][] = [
    ['throttled (ProvisionedThroughputExceeded)', sdkError('ProvisionedThroughputExceededException')],
    ['throttled (ThrottlingException)', sdkError('ThrottlingException')],
    ['over the account limit (RequestLimitExceeded)', sdkError('RequestLimitExceeded')],
    ['failing (InternalServerError)', sdkError('InternalServerError')],
    ['timed out (the SDK request timeout)', sdkError('TimeoutError')],
    [
      'unreachable (connection refused)',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' }),
    ],
    [
      'a transaction in conflict after the retries',
      sdkError('TransactionCanceledException', { CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }] }),
    ],
    ['a transaction throttled', sdkError('TransactionCanceledException', { CancellationReasons: [{ Code: 'ThrottlingError' }] })],
    ['any 5xx from the service', sdkError('SomethingNew', { $metadata: { httpStatusCode: 502 } })],
  ];

  it.each(faults)('%s: 503 with Retry-After and the busy message, and one log line with the cause', async (_case, fault) => {
    const lines = captureStdout();
    const handler = defineRoute(TEST_ENDPOINT, async () => {
      throw fault;
    });
    const result = await handler(event(), context);
    expect(result.statusCode).toBe(503);
    expect(result.headers?.['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(JSON.parse(result.body!)).toEqual({ message: 'The service is busy. Please try again shortly.' });
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 'WARN',
        route: 'GET /api/test',
        status: 503,
        cause: expect.objectContaining({ name: fault.name, message: fault.message }),
      }),
    ]);
  });

  it('a failed condition is no fault of the database: not a 503', async () => {
    captureStdout();
    const handler = defineRoute(TEST_ENDPOINT, async () => {
      throw sdkError('TransactionCanceledException', {
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'TransactionConflict' }],
      });
    });
    expect((await handler(event(), context)).statusCode).toBe(500);
  });

  // A closed port refuses at once; a server that accepts and never answers tests the timeouts.
  it.each([
    ['a closed port', async () => 9],
    ['a server that never answers', () => silentServer()],
  ])(
    'the real client against %s answers 503 within its retry budget',
    async (_case, port) => {
      captureStdout();
      vi.stubEnv('DYNAMODB_ENDPOINT', `http://127.0.0.1:${await port()}`);
      vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
      vi.stubEnv('AWS_REGION', 'us-east-1');
      vi.resetModules();
      const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
      const { db, TABLE_NAME } = await import('../db/client');
      const { defineRoute: define } = await import('../http/define-route');
      const handler = define(TEST_ENDPOINT, async () => {
        await db.send(new GetCommand({ TableName: TABLE_NAME, Key: { PK: 'x', SK: 'x' } }));
        return { statusCode: 200, body: {} };
      });
      const startedAt = Date.now();
      const result = await handler(event(), context);
      expect(result.statusCode).toBe(503);
      const { CONNECTION_TIMEOUT_MS, REQUEST_TIMEOUT_MS, MAX_ATTEMPTS } = DB_CLIENT_LIMITS;
      // The attempts' timeouts and the backoff between them (at most 1.5 s), with room for a slow machine.
      expect(Date.now() - startedAt).toBeLessThan(MAX_ATTEMPTS * (CONNECTION_TIMEOUT_MS + REQUEST_TIMEOUT_MS) + 1_500 + 2_000);
      vi.unstubAllEnvs();
    },
    60_000,
  );

  it('a handler still waiting when the function is about to time out answers 503 before it does', async () => {
    captureStdout();
    const handler = defineRoute(TEST_ENDPOINT, () => new Promise(() => {}));
    const result = await handler(event(), { ...(context as object), getRemainingTimeInMillis: () => 700 } as never);
    expect(result.statusCode).toBe(503);
  });
});
