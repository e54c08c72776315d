import { describe, expect, it } from 'vitest';
import { auditClient } from './audit-client';
import type { RouteEvent } from './types';

describe('audit client', () => {
  it('takes the client address the request guard settled, never a forwarded-for header, and the User-Agent', () => {
    const event = { headers: { 'user-agent': 'curl/8', 'x-forwarded-for': '198.51.100.1' } } as unknown as RouteEvent;
    expect(auditClient({ clientIp: '203.0.113.7', event })).toEqual({ clientAddress: '203.0.113.7', userAgent: 'curl/8' });
    expect(auditClient({ clientIp: '203.0.113.7', event: { headers: {} } as unknown as RouteEvent }).userAgent).toBe('');
  });
});
