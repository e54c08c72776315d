import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_LISTS, type MailList } from '../../shared/mail-lists';
import { now } from '../clock';
import { unsubscribeLinkKey } from '../mfa/mfa-encryption';
import { signStageToken, verifyStageToken } from './stage-token';

/** Long enough for an old mail's link to work, short enough that a leaked link dies (docs/decisions/055). */
export const UNSUBSCRIBE_LINK_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

export interface UnsubscribeClaims {
  orgId: string;
  userId: string;
  list: MailList;
}

/** A link's token: who, which list and until when, signed as a stage token; nothing is stored. */
export function signUnsubscribeToken(claims: UnsubscribeClaims, at = now().getTime()): Promise<string> {
  return signStageToken(
    'unsubscribe',
    claims.userId,
    { org: claims.orgId, list: claims.list },
    at + UNSUBSCRIBE_LINK_LIFETIME_MS,
    at,
  );
}

/** The claims of an untampered, unexpired token; undefined for anything else. */
export async function verifyUnsubscribeToken(token: string, at = now().getTime()): Promise<UnsubscribeClaims | undefined> {
  if (token.split('.').length === 2) return verifyHmacToken(token, at);
  const payload = await verifyStageToken('unsubscribe', token, ['exp', 'sub', 'org', 'list'], at);
  if (!payload?.sub || typeof payload.org !== 'string' || !MAIL_LISTS.includes(payload.list as MailList)) return undefined;
  return { orgId: payload.org, userId: payload.sub, list: payload.list as MailList };
}

const HMAC_VERSION = 'u1';

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(`${HMAC_VERSION}.${payload}`).digest('base64url');

/**
 * The links mailed before unsubscribe tokens became stage tokens: `base64url({o, u, l, e}).HMAC`
 * with the same key. Still accepted, so a mail already sent keeps its 90 days; none is signed any
 * more, so this can go once the last of them has expired (90 days after that change's deploy).
 */
async function verifyHmacToken(token: string, at: number): Promise<UnsubscribeClaims | undefined> {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(mac(await unsubscribeLinkKey(), payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const { o, u, l, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof o !== 'string' || typeof u !== 'string' || typeof e !== 'number' || !MAIL_LISTS.includes(l as MailList))
      return undefined;
    if (e * 1000 <= at) return undefined;
    return { orgId: o, userId: u, list: l as MailList };
  } catch {
    return undefined;
  }
}
