import { describe, expect, it, vi } from 'vitest';
import { defineRoute } from '../http/define-route';
import type { RouteEvent } from '../http/types';

const event = (): RouteEvent =>
  ({
    version: '2.0',
    routeKey: 'GET /api/test',
    rawPath: '/api/test',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { requestId: 'req-123', http: { method: 'GET', path: '/api/test', sourceIp: '127.0.0.1' } },
  }) as unknown as RouteEvent;

describe('the error handler', () => {
  it('answers an unexpected error with 500 and nothing but the request id; the details go to the log', async () => {
    // The integration setup may have quietened logs for the whole run: this test reads them.
    vi.stubEnv('LOG_LEVEL', 'info');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const handler = defineRoute({ auth: 'none' }, async () => {
      throw new Error('database password is hunter2');
    });
    const result = await handler(event(), {} as never);
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body!)).toEqual({ message: 'Internal server error', requestId: 'req-123' });
    expect(result.body).not.toContain('hunter2');
    const lines = log.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', requestId: 'req-123', error: expect.objectContaining({ message: 'database password is hunter2' }) }));
    expect(lines).toContainEqual(expect.objectContaining({ level: 'info', route: 'GET /api/test', status: 500, requestId: 'req-123', durationMs: expect.any(Number) }));
    log.mockRestore();
    vi.unstubAllEnvs();
  });
});
