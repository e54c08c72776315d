import { isIP } from 'node:net';
import { WEBHOOK_URL_SCHEME_MESSAGE } from '../../shared/schemas/webhooks';
import { isLocalStage } from '../config';
import { Refused } from '../domain/errors';
import { reachable } from '../security/outbound-fetch';

/**
 * Where an endpoint may point, checked when it is saved: https (plain http on the local stage, so a
 * developer receives on their machine), no user name or password in it, and a host written as an
 * address only when the functions may reach it. A host name is resolved at each delivery, never here
 * (functions/security/outbound-fetch.ts): what it resolves to today says nothing of tomorrow's
 * answer, and the check that counts is the one made against the address connected to.
 */
export function checkWebhookUrl(given: string): string {
  const url = new URL(given);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalStage())) throw refusal(WEBHOOK_URL_SCHEME_MESSAGE);
  if (url.username || url.password) throw refusal('The URL must not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !reachable(host))
    throw refusal(`${url.hostname} is on a private or reserved network; only public addresses can be reached`);
  return url.href;
}

const refusal = (message: string) => new Refused('invalid', message, { url: message });
