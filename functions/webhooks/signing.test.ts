import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret } from './item';
import { signedHeaders } from './signing';

describe('Standard Webhooks signatures', () => {
  const body = JSON.stringify({ type: 'project.created', timestamp: '2026-12-04T10:00:00.000Z', data: { id: 'p1' } });
  const realTime = new Date();

  it("signs so that the standardwebhooks verifier takes the body, with the try's real time as the timestamp", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const headers = signedHeaders({ secret }, { messageId: 'msg_1', body }, { at: 0, realTime });
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(realTime.getTime() / 1000)));
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });

  it('signs with the rotated-out secret beside the new one until it expires, by the functions’ clock', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const endpoint = { secret: current, previousSecret: previous, previousSecretExpiresAt: 1_000 };
    const during = signedHeaders(endpoint, { messageId: 'msg_2', body }, { at: 999, realTime });
    expect(during['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const secret of [current, previous]) expect(new Webhook(secret).verify(body, during)).toBeTruthy();
    const after = signedHeaders(endpoint, { messageId: 'msg_2', body }, { at: 1_000, realTime });
    expect(after['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(() => new Webhook(previous).verify(body, after)).toThrow();
  });
});
