import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '../../../shared/session-hint';
import { registerOrganization, request, uniqueEmail } from '../support/api';
import { functionsNow } from '../support/functions-clock';
import { testTable } from '../support/table';

const COOKIE = '__Host-growthwise_session';

describe('sessions', () => {
  it('GET /api/user signed out is 401 JSON', async () => {
    const response = await request('/api/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: expect.any(String) });
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('registration sets an HttpOnly, Secure, SameSite=Lax, host-only session cookie for 7 days', async () => {
    const response = await request('/api/register', {
      body: {
        username: uniqueEmail(),
        password: 'secret-one-1',
        fullName: 'Ann Lee',
        organizationName: 'Acme',
        plan: 'professional',
        billingCycle: 'monthly',
      },
    });
    expect(response.status).toBe(201);
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(new RegExp(`^${COOKIE}=[^;]+;`));
    const attributes = cookie!
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining(['httponly', 'secure', 'samesite=lax', 'path=/', `max-age=${7 * 24 * 3600}`]),
    );
    expect(attributes.some((attribute) => attribute.startsWith('domain='))).toBe(false);
  });

  it('registration and sign-in set the readable session hint beside the session, for as long', async () => {
    const email = uniqueEmail();
    const registered = await request('/api/register', {
      body: {
        username: email,
        password: 'Harbor-lantern-42',
        fullName: 'Ann Lee',
        organizationName: 'Acme',
        plan: 'professional',
        billingCycle: 'monthly',
      },
    });
    const signedIn = await request('/api/login', { body: { username: email, password: 'Harbor-lantern-42' } });
    for (const response of [registered, signedIn]) {
      const hint = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_HINT_COOKIE}=`));
      expect(hint).toBe(`${SESSION_HINT_COOKIE}=1; Secure; SameSite=Lax; Path=/; Max-Age=${7 * 24 * 3600}`);
    }
  });

  it('the cookie signs the user in: GET /api/user answers the user with the admin role, never a hash', async () => {
    const admin = await registerOrganization({ fullName: 'Grace Hopper', organizationName: 'Navy Labs' });
    const response = await admin.call('/api/user');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: admin.user.id,
      username: admin.email,
      fullName: 'Grace Hopper',
      avatarUrl: null,
      emailVerified: false,
      mfaEnabled: false,
      mfaSetupRequired: false,
      roles: [
        {
          role: 'admin',
          organization: {
            id: admin.orgId,
            name: 'Navy Labs',
            requireMfa: false,
            membersWithoutTwoFactor: 1,
            assistantEnabled: true,
            assistantUsage: { requests: 0, requestsPerDay: 200, tokens: 0, tokensPerDay: 400_000 },
          },
        },
      ],
    });
    expect(JSON.stringify(response.body)).not.toMatch(/password|\$2[aby]\$/i);
    expect(JSON.stringify(response.body)).not.toMatch(/TokenHash/);
  });

  it('logout ends the session for good: replaying the old cookie is 401', async () => {
    const admin = await registerOrganization();
    const logout = await admin.call('/api/logout', { method: 'POST' });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie()[0]).toMatch(new RegExp(`^${COOKIE}=;.*Max-Age=0`, 'i'));
    expect(logout.headers.getSetCookie()[1]).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=;.*Max-Age=0`, 'i'));
    expect((await admin.call('/api/user')).status).toBe(401);
  });

  it('a tampered cookie is 401', async () => {
    const admin = await registerOrganization();
    const [name, token] = admin.cookie.split('=') as [string, string];
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    expect((await request('/api/user', { cookie: `${name}=${header}.${forged}.${signature}` })).status).toBe(401);
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect((await request('/api/user', { cookie: `${name}=${header}.${payload}.${flipped}` })).status).toBe(401);
  });

  it('a cookie signed with a foreign key is 401', async () => {
    const admin = await registerOrganization();
    const claims = JSON.parse(Buffer.from(admin.cookie.split('.')[1]!, 'base64url').toString());
    const foreign = await new SignJWT({ sid: claims.sid, org: claims.org })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(claims.iss)
      .setAudience(claims.aud)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-completely-different-secret-of-32-chars'));
    expect((await request('/api/user', { cookie: `${COOKIE}=${foreign}` })).status).toBe(401);
  });

  it('a token without the alg HS256 (alg none) is 401', async () => {
    const admin = await registerOrganization();
    const [, payload] = admin.cookie.split('.') as [string, string];
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    expect((await request('/api/user', { cookie: `${COOKIE}=${none}` })).status).toBe(401);
  });

  it('an expired session is 401 even while its item still exists (expiry is the stored time, not TTL deletion)', async () => {
    const admin = await registerOrganization();
    const claims = JSON.parse(Buffer.from(admin.cookie.split('.')[1]!, 'base64url').toString());
    const { db, tableName } = testTable();
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { PK: `USER#${claims.sub}`, SK: `SESSION#${claims.sid}` },
        UpdateExpression: 'SET expiresAt = :past',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':past': functionsNow() - 1000 },
      }),
    );
    expect((await admin.call('/api/user')).status).toBe(401);
  });

  it('a token in a header or the query is ignored', async () => {
    const admin = await registerOrganization();
    const token = admin.cookie.split('=')[1]!;
    expect((await request('/api/user', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await request(`/api/user?token=${token}`)).status).toBe(401);
  });

  it('every /api answer carries Cache-Control: no-store and a request id', async () => {
    const admin = await registerOrganization();
    for (const response of [await admin.call('/api/user'), await request('/api/user'), await request('/api/nope')]) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-request-id')).toMatch(/\S{8,}/);
    }
  });
});
