import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_LISTS, type MailList } from '../../shared/mail-lists';
import { unsubscribeLinkKey } from '../mfa/mfa-encryption';
import { now } from '../clock';

/** Long enough for an old mail's link to work, short enough that a leaked link dies (docs/decisions/055). */
export const UNSUBSCRIBE_LINK_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

export interface UnsubscribeClaims {
  orgId: string;
  userId: string;
  list: MailList;
}

const VERSION = 'u1';

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(`${VERSION}.${payload}`).digest('base64url');

/** A link's token: who, which list and until when, with an HMAC over them; nothing is stored. */
export async function signUnsubscribeToken(claims: UnsubscribeClaims, at = now().getTime()): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ o: claims.orgId, u: claims.userId, l: claims.list, e: Math.floor((at + UNSUBSCRIBE_LINK_LIFETIME_MS) / 1000) })).toString('base64url');
  return `${payload}.${mac(await unsubscribeLinkKey(), payload)}`;
}

/** The claims of an untampered, unexpired token; undefined for anything else. */
export async function verifyUnsubscribeToken(token: string, at = now().getTime()): Promise<UnsubscribeClaims | undefined> {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(await unsubscribeLinkKey(), payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const { o, u, l, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof o !== 'string' || typeof u !== 'string' || typeof e !== 'number' || !MAIL_LISTS.includes(l as MailList)) return undefined;
    if (e * 1000 <= at) return undefined;
    return { orgId: o, userId: u, list: l as MailList };
  } catch {
    return undefined;
  }
}
