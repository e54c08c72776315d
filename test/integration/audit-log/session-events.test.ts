import { decodeTime } from 'ulid';
import { describe, expect, it } from 'vitest';
import { registerOrganization, request, sessionCookieOf, uniqueEmail } from '../support/api';
import { randomClientAddress } from '../support/client-address';
import { storedAuditEntries } from './audit-entries';

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';

describe('audit log: sign-in, failed sign-in and sign-out', () => {
  it('records a sign-in with the client address and user agent, a wrong password on the account, and the sign-out', async () => {
    const admin = await registerOrganization({ fullName: 'Sian Signin' });
    const address = randomClientAddress();

    const wrong = await request('/api/login', {
      body: { username: admin.email, password: 'not-the-password-at-all' },
      clientAddress: address,
      headers: { 'user-agent': BROWSER },
    });
    expect(wrong.status).toBe(401);
    const [failed] = await storedAuditEntries(admin.orgId, 'session.sign_in_failed');
    expect(failed).toMatchObject({
      actor: { id: admin.user.id, fullName: 'Sian Signin', username: admin.email },
      target: { type: 'user', id: admin.user.id, label: 'Sian Signin' },
      clientAddress: address,
      userAgent: BROWSER,
      details: { reason: 'wrong_password' },
    });

    const signedIn = await request('/api/login', {
      body: { username: admin.email, password: admin.password },
      clientAddress: address,
      headers: { 'user-agent': BROWSER },
    });
    expect(signedIn.status).toBe(200);
    const [entry] = await storedAuditEntries(admin.orgId, 'session.signed_in');
    expect(entry).toMatchObject({
      actor: { id: admin.user.id },
      clientAddress: address,
      userAgent: BROWSER,
      details: { method: 'password' },
    });
    expect(entry!.id > failed!.id).toBe(true);
    // The id is made from the entry's time, so the log sorts by id.
    expect(decodeTime(entry!.id)).toBe(Date.parse(entry!.at));

    const loggedOut = await request('/api/logout', {
      method: 'POST',
      cookie: sessionCookieOf(signedIn),
      clientAddress: address,
      headers: { 'user-agent': BROWSER },
    });
    expect(loggedOut.status).toBe(200);
    const [signedOut] = await storedAuditEntries(admin.orgId, 'session.signed_out');
    expect(signedOut).toMatchObject({ actor: { id: admin.user.id }, target: { id: admin.user.id }, clientAddress: address });
  });

  it('an unknown email is refused like a wrong password and lands in no organization’s log', async () => {
    const admin = await registerOrganization();
    const before = (await storedAuditEntries(admin.orgId)).length;
    const unknown = await request('/api/login', { body: { username: uniqueEmail('nobody'), password: 'whatever-password-1' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: 'Invalid email or password' });
    expect(await storedAuditEntries(admin.orgId)).toHaveLength(before);
  });

  it('a sign-out without a session records nothing', async () => {
    const admin = await registerOrganization();
    const before = await storedAuditEntries(admin.orgId);
    expect((await request('/api/logout', { method: 'POST' })).status).toBe(200);
    expect(await storedAuditEntries(admin.orgId)).toEqual(before);
  });
});
