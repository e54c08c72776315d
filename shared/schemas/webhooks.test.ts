import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../webhook-events';
import { WEBHOOK_EVENTS_MESSAGE, createWebhookRequest } from './webhooks';

describe('webhook requests', () => {
  it('names every event type in its message', () => {
    expect(WEBHOOK_EVENTS_MESSAGE).toBe(`Events must be some of ${WEBHOOK_EVENT_TYPES.join(', ')}`);
  });

  it('takes http and https URLs only, and known events', () => {
    const parsed = (url: string, events: unknown = ['project.created']) => createWebhookRequest.safeParse({ url, events });
    expect(parsed(' https://hooks.example/in ').data).toEqual({ url: 'https://hooks.example/in', events: ['project.created'] });
    for (const url of ['file:///etc/passwd', 'gopher://example.com/', 'not a url', 'ftp://example.com/'])
      expect(parsed(url).error?.issues.map((issue) => issue.message)).toEqual([
        'Enter the full URL of your endpoint, such as https://example.com/webhooks',
      ]);
    expect(parsed('https://hooks.example/in', ['project.renamed']).error?.issues.map((issue) => issue.message)).toEqual([
      WEBHOOK_EVENTS_MESSAGE,
    ]);
  });
});
