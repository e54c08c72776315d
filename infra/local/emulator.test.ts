import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLER_TIMEOUT_SECONDS, type RouteDefinition } from '../../functions/routes';
import { createEmulator } from './emulator';

/** One GET through `agent`; answers the status and the local port of the connection it went over. */
function get(agent: Agent, port: number, path: string) {
  return new Promise<{ status: number; localPort: number }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      const localPort = res.socket.localPort;
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, localPort: localPort ?? 0 }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the local emulator', () => {
  const server = createEmulator({ routes: [], handlers: new Map() });
  let port = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    agent.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("keeps an idle connection open beyond Node's 5 s, so a client sending on it at that moment is not reset", async () => {
    const first = await get(agent, port, '/api/no-such-route');
    expect(first.status).toBe(404);
    // Node closes an idle connection after its 5 s and about a second of grace.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    const second = await get(agent, port, '/api/no-such-route');
    expect(second.status).toBe(404);
    expect(first.localPort).toBeGreaterThan(0);
    expect(second.localPort, 'the same connection, still open').toBe(first.localPort);
  }, 20_000);

  it('answers a request whose headers are too large for it in JSON, as API Gateway does, not with an empty text body', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/projects?${'q='.padEnd(20_000, 'x')}`);
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ message: 'Request header fields too large' });
  });

  it("tells a handler the time the cloud function has (HANDLER_TIMEOUT_SECONDS), not API Gateway's 29 s", async () => {
    let remaining = 0;
    const route = {
      method: 'GET',
      path: '/api/time-left',
      handler: 'test/time-left',
      table: 'read',
      endpoint: { method: 'GET', path: '/api/time-left', auth: 'none' },
    } as unknown as RouteDefinition;
    const timed = createEmulator({
      routes: [route],
      handlers: new Map([
        [
          'test/time-left',
          async (_event: unknown, context: Context) => {
            remaining = context.getRemainingTimeInMillis();
            return { statusCode: 200, body: '{}' };
          },
        ],
      ]) as never,
    });
    await new Promise<void>((resolve) => timed.listen(0, '127.0.0.1', () => resolve()));
    try {
      const response = await fetch(`http://127.0.0.1:${(timed.address() as AddressInfo).port}/api/time-left`);
      expect(response.status).toBe(200);
      expect(remaining).toBeLessThanOrEqual(HANDLER_TIMEOUT_SECONDS * 1000);
      expect(remaining).toBeGreaterThan(HANDLER_TIMEOUT_SECONDS * 1000 - 5_000);
    } finally {
      timed.closeAllConnections();
      await new Promise<void>((resolve) => timed.close(() => resolve()));
    }
  });
});
