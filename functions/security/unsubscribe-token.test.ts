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
    const [payload, signature] = (await signUnsubscribeToken(claims, SENT_AT)).split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    for (const change of [{ u: 'user-2' }, { l: 'weekly-digest' }, { e: (decoded.e as number) + 3600 }]) {
      const altered = `${Buffer.from(JSON.stringify({ ...decoded, ...change })).toString('base64url')}.${signature}`;
      expect(await verifyUnsubscribeToken(altered, SENT_AT)).toBeUndefined();
    }
    expect(await verifyUnsubscribeToken('', SENT_AT)).toBeUndefined();
  });
});
