import { type Server, type Socket, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Context, LambdaResult, RouteEvent } from './types';

/** A database that accepts connections and never answers, as DynamoDB Local stopped with SIGSTOP does. */
let hung: Server;
const sockets: Socket[] = [];

beforeAll(async () => {
  hung = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => hung.close(resolve));
  vi.unstubAllEnvs();
});

/** What the emulator and Lambda give a handler: this much time left. */
const contextWith = (remainingMs: number): Context => {
  const started = Date.now();
  return {
    awsRequestId: 'deadline-test',
    getRemainingTimeInMillis: () => remainingMs - (Date.now() - started),
  } as unknown as Context;
};

describe('a hung database', () => {
  it("answers GET /api/projects 503 with Retry-After inside the function's time, although the client's attempts would take 24 s", async () => {
    const address = hung.address() as { port: number };
    vi.stubEnv('DYNAMODB_ENDPOINT', `http://127.0.0.1:${address.port}`);
    // The local cloud's per-attempt wait: three attempts of it are 24 s.
    vi.stubEnv('DYNAMODB_REQUEST_TIMEOUT_MS', '8000');
    vi.stubEnv('SESSION_SECRET', 's'.repeat(64));
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
    vi.resetModules();
    const { signSessionToken } = await import('../security/token');
    const { SESSION_COOKIE } = await import('../security/cookie');
    const { handler } = await import('../handlers/projects/list-projects');
    const token = await signSessionToken(
      { sessionId: 'a'.repeat(36), userId: '01JD0000000000000000000001', orgId: '01JD0000000000000000000002' },
      Date.now() + 3_600_000,
    );
    const event = {
      rawPath: '/api/projects',
      headers: {},
      cookies: [`${SESSION_COOKIE}=${token}`],
      queryStringParameters: {},
      requestContext: { requestId: 'r1', http: { method: 'GET', path: '/api/projects', sourceIp: '203.0.113.9' } },
    } as unknown as RouteEvent;
    // The session is read before the handler runs (the session loader): the deadline covers that read too.
    const answer = (await handler(event, contextWith(3_000))) as LambdaResult & { headers?: Record<string, string> };
    expect(answer.statusCode).toBe(503);
    expect(answer.headers?.['retry-after']).toMatch(/^\d+$/);
  }, 6_000);
});
