import { describe, expect, it } from 'vitest';
import { registerOrganization, request } from '../support/api';

describe('the rules every route keeps', () => {
  it('an unknown /api path is 404 JSON', async () => {
    const response = await request('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: expect.any(String) });
  });

  it('malformed JSON is 400', async () => {
    const response = await request('/api/login', { rawBody: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/malformed json/i);
  });

  it('a body that is not application/json is 415', async () => {
    const response = await request('/api/login', {
      rawBody: 'username=a@b.co&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body.message).toBeTruthy();
  });

  it('a JSON body over 256 KiB is 413', async () => {
    const response = await request('/api/login', {
      body: { username: 'a@b.co', password: 'x', padding: 'x'.repeat(256 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body.message).toBeTruthy();
  });

  it('a state-changing request from a foreign Origin is 403 and changes nothing', async () => {
    const admin = await registerOrganization();
    const response = await admin.call('/api/logout', { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect((await admin.call('/api/user')).status).toBe(200);
  });

  it('a state-changing request the browser marks cross-site is 403', async () => {
    const admin = await registerOrganization();
    const response = await admin.call('/api/logout', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(403);
    expect((await admin.call('/api/user')).status).toBe(200);
  });

  it('same-origin browsers and clients with neither header pass the cross-site check', async () => {
    const admin = await registerOrganization();
    const origin = new URL((await import('vitest')).inject('apiUrl')).origin;
    expect((await admin.call('/api/user', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
    expect(
      (await admin.call('/api/logout', { method: 'POST', headers: { origin, 'sec-fetch-site': 'same-origin' } })).status,
    ).toBe(200);
  });
});
