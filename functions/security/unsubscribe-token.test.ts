import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSUBSCRIBE_LINK_LIFETIME_MS } from './unsubscribe-token';

const claims = { orgId: 'org-1', userId: 'user-1', list: 'due-reminders' as const };
const SENT_AT = Date.UTC(2030, 0, 6, 7);

/** A fresh container of a stage whose MFA secret is `secret`: the derived key is read anew. */
async function stage(secret: string) {
  vi.resetModules();
  vi.stubEnv('MFA_ENCRYPTION_SECRET', secret);
  return import('./unsubscribe-token');
}

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (value: string) => JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Record<string, unknown>;

/** A link as the mailer signed them before they became stage tokens: base64url({o, u, l, e}).HMAC. */
async function hmacToken(fields: Record<string, unknown>) {
  const { unsubscribeLinkKey } = await import('../mfa/mfa-encryption');
  const payload = part(fields);
  return `${payload}.${createHmac('sha256', await unsubscribeLinkKey())
    .update(`u1.${payload}`)
    .digest('base64url')}`;
}

afterEach(() => vi.unstubAllEnvs());

describe('unsubscribe link tokens', () => {
  it('name the person and the list until the link expires, and nothing after', async () => {
    const { signUnsubscribeToken, verifyUnsubscribeToken } = await stage('s'.repeat(40));
    const token = await signUnsubscribeToken(claims, SENT_AT);
    expect(await verifyUnsubscribeToken(token, SENT_AT + UNSUBSCRIBE_LINK_LIFETIME_MS - 1000)).toEqual(claims);
    expect(await verifyUnsubscribeToken(token, SENT_AT + UNSUBSCRIBE_LINK_LIFETIME_MS)).toBeUndefined();
  });

  it("refuse another stage's link and any altered claim", async () => {
    const other = await (await stage('o'.repeat(40))).signUnsubscribeToken(claims, SENT_AT);
    const { signUnsubscribeToken, verifyUnsubscribeToken } = await stage('s'.repeat(40));
    expect(await verifyUnsubscribeToken(other, SENT_AT)).toBeUndefined();
    const [header, payload, signature] = (await signUnsubscribeToken(claims, SENT_AT)).split('.');
    const decoded = decode(payload!);
    for (const change of [
      { sub: 'user-2' },
      { org: 'org-2' },
      { list: 'weekly-digest' },
      { exp: (decoded.exp as number) + 3600 },
    ]) {
      expect(await verifyUnsubscribeToken(`${header}.${part({ ...decoded, ...change })}.${signature}`, SENT_AT)).toBeUndefined();
    }
    expect(await verifyUnsubscribeToken('', SENT_AT)).toBeUndefined();
  });

  it('still accept the links mailed in the earlier HMAC format, for their 90 days, and refuse them altered', async () => {
    const { verifyUnsubscribeToken } = await stage('s'.repeat(40));
    const fields = { o: 'org-1', u: 'user-1', l: 'due-reminders', e: (SENT_AT + UNSUBSCRIBE_LINK_LIFETIME_MS) / 1000 };
    const token = await hmacToken(fields);
    expect(await verifyUnsubscribeToken(token, SENT_AT + UNSUBSCRIBE_LINK_LIFETIME_MS - 1000)).toEqual(claims);
    expect(await verifyUnsubscribeToken(token, SENT_AT + UNSUBSCRIBE_LINK_LIFETIME_MS)).toBeUndefined();
    const signature = token.split('.')[1];
    for (const change of [{ u: 'user-2' }, { l: 'weekly-digest' }, { e: fields.e + 3600 }]) {
      expect(await verifyUnsubscribeToken(`${part({ ...fields, ...change })}.${signature}`, SENT_AT)).toBeUndefined();
    }
  });
});
