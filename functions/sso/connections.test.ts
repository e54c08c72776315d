import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WriteContext } from '../audit-log/entries';
import { ISSUER_NOT_PUBLIC, saveOidcConnection } from './connections';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const context = { actor: { id: '01JADMIN', orgId: '01JORG' } } as unknown as WriteContext;

// Issue 63 (low): discovery went to any host and port, and answered as the port was open or not.
describe('saving an OIDC connection on a cloud stage', () => {
  it.each([
    'https://169.254.169.254/',
    'https://0x7f000001/',
    'https://2130706433:8080/',
    'https://127.1/',
    'https://[::ffff:10.0.0.1]/',
  ])('refuses the issuer %s under its field, without a lookup or a connection', async (issuer) => {
    vi.stubEnv('STAGE', 'prod');
    const reached = [vi.spyOn(dns, 'lookup'), vi.spyOn(https, 'request'), vi.spyOn(http, 'request')];
    const refused = await saveOidcConnection(context, {
      protocol: 'oidc',
      issuer,
      clientId: 'growthwise',
      clientSecret: 's',
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ fieldErrors: { issuer: ISSUER_NOT_PUBLIC } });
    for (const spy of reached) expect(spy).not.toHaveBeenCalled();
  });
});
