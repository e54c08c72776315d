import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { ulid } from 'ulid';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedAuditEntries } from '../audit-log/audit-entries';
import { type SignedIn, registerOrganization } from '../support/api';
import { eventually } from '../support/eventually';
import { waitForMail } from '../support/inbox';
import { addMemberDirectly } from '../support/org-members';
import { runScheduledAt, useRunTable } from '../support/scheduled-run';
import { stepUp } from '../support/two-factor';

/**
 * Outbound webhooks (issue 65, item 3; decision 114): the routes run in the local cloud, whose webhook
 * consumer makes each delivery's first try; the later tries are the sweeper's, run here at chosen
 * instants of the functions' clock (never waited for). Receivers are node:http servers on 127.0.0.1,
 * which the local stage may reach; every other address class is refused, checked with a stub resolver.
 */

let modules: Awaited<ReturnType<typeof load>>;
const load = async () => ({
  sweeper: (await import('../../../functions/handlers/webhooks/sweep-webhook-deliveries')).handler,
  deliveries: await import('../../../functions/webhooks/deliveries'),
  target: await import('../../../functions/webhooks/target'),
  db: await import('../../../functions/db/client'),
  lib: await import('@aws-sdk/lib-dynamodb'),
});

beforeAll(async () => {
  useRunTable();
  modules = await load();
});

// The sweeps run here as the local stage (plain http to loopback); a test of the cloud stage says so.
beforeEach(() => vi.stubEnv('STAGE', 'local'));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const HOOKS = '/api/organization/webhooks';
const DAY_MS = 24 * 60 * 60 * 1000;

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A receiver on 127.0.0.1 answering each request with the next of `statuses` (the last one from then on). */
async function receiver(statuses: number[]) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(statuses[Math.min(received.length, statuses.length) - 1]!).end('ok');
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    /** Waits for the nth request (1-based). */
    nth: (count: number) =>
      eventually(
        async () => received,
        (all) => all.length >= count,
      ).then((all) => all[count - 1]!),
    close: () => new Promise((closed) => server.close(closed)),
  };
}

async function createWebhook(admin: SignedIn, body: Record<string, unknown>) {
  await stepUp(admin);
  const created = await admin.call(HOOKS, { body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; secret: string; url: string };
}

interface Delivery {
  id: string;
  eventType: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
}

const deliveriesOf = async (admin: SignedIn, webhookId: string, cursor?: string) =>
  (await admin.call(`${HOOKS}/${webhookId}/deliveries${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`)).body as {
    deliveries: Delivery[];
    nextCursor: string | null;
  };

/** The endpoint's newest delivery once `done` holds of it (the consumer writes it after the change). */
const deliveryWhen = (admin: SignedIn, webhookId: string, done: (delivery: Delivery) => boolean) =>
  eventually(
    async () => (await deliveriesOf(admin, webhookId)).deliveries[0],
    (delivery) => delivery !== undefined && done(delivery),
  ) as Promise<Delivery>;

const sweepAt = (at: number) => runScheduledAt(modules.sweeper, at);

/** A delivery written straight into the table, due at `at` (a far-off instant of the test's own), for the sweeper alone to try. */
async function dueDelivery(orgId: string, webhookId: string, at: number, type = 'webhook.test') {
  const { newDelivery, deliveryPut } = modules.deliveries;
  const item = newDelivery(
    { orgId, id: webhookId },
    { id: ulid(at), payload: { type, timestamp: new Date(at).toISOString(), data: { webhookId } } },
    at,
    { due: true },
  );
  await modules.db.db.send(new modules.lib.PutCommand(deliveryPut(item).Put!));
  return item;
}

/** A far-off hour of the functions' clock no other test sweeps at. */
const farOff = (year: number) =>
  Date.UTC(year, 0, 1) + Math.floor(Math.random() * 300) * DAY_MS + Math.floor(Math.random() * 3_600_000);

const verified = (secret: string, request: Received) => new Webhook(secret).verify(request.body, request.headers);

describe('webhooks: a delivery, signed, failed once and tried again', () => {
  it('receives a signed project.created, answers 500, and gets the retry with the same webhook-id once the clock reaches its next try', async () => {
    const admin = await registerOrganization();
    const hook = await receiver([500, 200]);
    try {
      const webhook = await createWebhook(admin, { url: hook.url, events: ['project.created'] });
      expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      const project = await admin.call('/api/projects', { body: { name: 'Spring launch' } });
      expect(project.status).toBe(201);

      const first = await hook.nth(1);
      expect(first.headers['content-type']).toBe('application/json');
      expect(first.headers['webhook-id']).toMatch(/^msg_/);
      expect(first.headers['webhook-signature']).toMatch(/^v1,/);
      expect(verified(webhook.secret, first)).toMatchObject({
        type: 'project.created',
        timestamp: expect.any(String),
        data: { id: project.body.id, name: 'Spring launch', status: project.body.status, dueDate: null },
      });
      const failed = await deliveryWhen(admin, webhook.id, (delivery) => delivery.attempts === 1);
      expect(failed).toMatchObject({ eventType: 'project.created', status: 'pending', responseStatus: 500 });
      expect(failed.lastError).toBe('Your endpoint answered 500');
      // The first retry is due 5 s after the first try, on the functions' clock.
      expect(Date.parse(failed.nextAttemptAt!) - Date.parse(failed.lastAttemptAt!)).toBe(5_000);

      // Before it is due, the sweep sends nothing; once it is, the retry goes with the same id.
      await sweepAt(Date.parse(failed.nextAttemptAt!) - 1_000);
      expect(hook.received).toHaveLength(1);
      await sweepAt(Date.parse(failed.nextAttemptAt!) + 1_000);
      const second = await hook.nth(2);
      expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(second.body).toBe(first.body);
      expect(verified(webhook.secret, second)).toMatchObject({ type: 'project.created' });
      expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(second.body, second.headers)).toThrow();
      expect((await deliveriesOf(admin, webhook.id)).deliveries[0]).toMatchObject({
        status: 'delivered',
        attempts: 2,
        responseStatus: 200,
        nextAttemptAt: null,
      });
    } finally {
      await hook.close();
    }
  });

  it("keeps trying on Svix's schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) and marks the delivery failed after the last try", async () => {
    const admin = await registerOrganization();
    const hook = await receiver([503]);
    try {
      const webhook = await createWebhook(admin, { url: hook.url, events: ['project.created'] });
      await admin.call('/api/projects', { body: { name: 'Never delivered' } });
      let delivery = await deliveryWhen(admin, webhook.id, (each) => each.attempts === 1);
      const waits: number[] = [];
      while (delivery.status === 'pending') {
        waits.push(Date.parse(delivery.nextAttemptAt!) - Date.parse(delivery.lastAttemptAt!));
        const attempts = delivery.attempts;
        await sweepAt(Date.parse(delivery.nextAttemptAt!));
        delivery = (await deliveriesOf(admin, webhook.id)).deliveries[0]!;
        expect(delivery.attempts).toBe(attempts + 1);
      }
      expect(waits).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
      expect(delivery).toMatchObject({ status: 'failed', attempts: 8, responseStatus: 503, nextAttemptAt: null });
      expect(hook.received).toHaveLength(8);
      expect(new Set(hook.received.map((request) => request.headers['webhook-id'])).size).toBe(1);
    } finally {
      await hook.close();
    }
  });
});

describe('webhooks: endpoints turned off', () => {
  it('turns an endpoint off at once when it answers 410 Gone, mails the admins, and sends it nothing more until turned on again', async () => {
    const admin = await registerOrganization();
    const hook = await receiver([410, 200]);
    try {
      const webhook = await createWebhook(admin, { url: hook.url, events: ['project.created'] });
      await admin.call('/api/projects', { body: { name: 'Gone' } });
      const delivery = await deliveryWhen(admin, webhook.id, (each) => each.status !== 'pending');
      expect(delivery).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 410, nextAttemptAt: null });
      const [listed] = (await admin.call(HOOKS)).body.webhooks;
      expect(listed).toMatchObject({ id: webhook.id, enabled: false, disabledReason: 'Your endpoint answered 410 Gone' });
      const mail = await waitForMail(admin.email, `${admin.user.roles[0]!.organization.name}: a webhook was turned off`);
      expect(mail.text).toContain(hook.url);

      await admin.call('/api/projects', { body: { name: 'Not sent' } });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(hook.received).toHaveLength(1);
      expect((await admin.call(`${HOOKS}/${webhook.id}/test`, { method: 'POST' })).status).toBe(400);

      await stepUp(admin);
      const on = await admin.call(`${HOOKS}/${webhook.id}`, { method: 'PATCH', body: { enabled: true } });
      expect(on.body).toMatchObject({ enabled: true, disabledReason: null });
      expect((await admin.call(`${HOOKS}/${webhook.id}/test`, { method: 'POST' })).status).toBe(202);
      expect(JSON.parse((await hook.nth(2)).body)).toMatchObject({ type: 'webhook.test', data: { webhookId: webhook.id } });
    } finally {
      await hook.close();
    }
  });

  it('turns an endpoint off, and mails the admins, once it has failed for 5 days', async () => {
    const admin = await registerOrganization();
    const hook = await receiver([500]);
    try {
      const webhook = await createWebhook(admin, { url: hook.url, events: ['comment.created'] });
      const start = farOff(2099);
      await dueDelivery(admin.orgId, webhook.id, start);
      await sweepAt(start);
      await hook.nth(1);
      // Four days on, still failing: still on.
      await dueDelivery(admin.orgId, webhook.id, start + 4 * DAY_MS);
      await sweepAt(start + 4 * DAY_MS);
      await hook.nth(2);
      expect((await admin.call(HOOKS)).body.webhooks[0].enabled).toBe(true);
      // Five days on: off, with its reason.
      await dueDelivery(admin.orgId, webhook.id, start + 5 * DAY_MS + 60_000);
      await sweepAt(start + 5 * DAY_MS + 60_000);
      await hook.nth(3);
      expect((await admin.call(HOOKS)).body.webhooks[0]).toMatchObject({
        enabled: false,
        disabledReason: 'Every delivery to it failed for 5 days',
      });
      const mail = await waitForMail(admin.email, `${admin.user.roles[0]!.organization.name}: a webhook was turned off`);
      expect(mail.text).toContain('Every delivery to it failed for 5 days');
    } finally {
      await hook.close();
    }
  });
});

describe('webhooks: secret rotation', () => {
  it('signs with the new and the old secret for 24 hours, then with the new one alone', async () => {
    const admin = await registerOrganization();
    const hook = await receiver([200]);
    try {
      const webhook = await createWebhook(admin, { url: hook.url, events: ['comment.created'] });
      await stepUp(admin);
      const rotated = await admin.call(`${HOOKS}/${webhook.id}/rotate-secret`, { method: 'POST' });
      expect(rotated.status).toBe(200);
      expect(rotated.body.secret).toMatch(/^whsec_/);
      expect(rotated.body.secret).not.toBe(webhook.secret);

      expect((await admin.call(`${HOOKS}/${webhook.id}/test`, { method: 'POST' })).status).toBe(202);
      const during = await hook.nth(1);
      expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
      expect(verified(rotated.body.secret, during)).toMatchObject({ type: 'webhook.test' });
      expect(verified(webhook.secret, during)).toMatchObject({ type: 'webhook.test' });

      const after = Date.parse(rotated.body.previousSecretExpiresAt) + 60_000;
      await dueDelivery(admin.orgId, webhook.id, after);
      await sweepAt(after);
      const later = await hook.nth(2);
      expect(later.headers['webhook-signature']!.split(' ')).toHaveLength(1);
      expect(verified(rotated.body.secret, later)).toMatchObject({ type: 'webhook.test' });
      expect(() => verified(webhook.secret, later)).toThrow();
      expect(await storedAuditEntries(admin.orgId, 'webhook.secret_rotated')).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });
});

describe('webhooks: safe targets', () => {
  const REFUSED = [
    { what: 'loopback, in the cloud stage', address: '127.0.0.1', stage: 'prod' },
    { what: 'private 10/8', address: '10.1.2.3', stage: 'local' },
    { what: 'private 192.168/16', address: '192.168.1.20', stage: 'local' },
    { what: 'link-local, the metadata service', address: '169.254.169.254', stage: 'local' },
    { what: 'IPv6 loopback, in the cloud stage', address: '::1', stage: 'prod' },
    { what: 'IPv6 unique-local fc00::/7', address: 'fc00::5', stage: 'local' },
    { what: 'multicast', address: '224.0.0.251', stage: 'local' },
    { what: 'IPv6 multicast', address: 'ff02::1', stage: 'local' },
    { what: 'reserved 240/4', address: '240.0.0.7', stage: 'local' },
  ] as const;

  it.each(REFUSED)(
    'refuses a host that resolves to $what ($address) at delivery, without connecting',
    async ({ address, stage }) => {
      const admin = await registerOrganization();
      const host = `hooks-${ulid().toLowerCase()}.example`;
      const webhook = await createWebhook(admin, { url: `https://${host}/webhooks`, events: ['comment.created'] });
      vi.stubEnv('STAGE', stage);
      const lookup = vi
        .spyOn(dns, 'lookup')
        .mockImplementation((async (name: string) =>
          name === host ? [{ address, family: address.includes(':') ? 6 : 4 }] : []) as unknown as typeof dns.lookup);
      // The table's client connects through http.request too: only a connection to the host counts.
      const connections = [vi.spyOn(https, 'request'), vi.spyOn(http, 'request')];
      const toHost = () =>
        connections.flatMap((spy) => spy.mock.calls).filter(([target]) => target instanceof URL && target.hostname === host);
      const at = farOff(2097);
      await dueDelivery(admin.orgId, webhook.id, at);
      await sweepAt(at);
      expect(lookup).toHaveBeenCalledWith(host, expect.anything());
      expect(toHost()).toEqual([]);
      const [delivery] = (await deliveriesOf(admin, webhook.id)).deliveries;
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null });
      expect(delivery!.lastError).toBe(`${host} is on a private or reserved network; only public addresses can be reached`);
    },
  );

  it('refuses, when saved, a URL that is no http(s) URL or names a private address, with the field’s message', async () => {
    const admin = await registerOrganization();
    await stepUp(admin);
    const refusal = async (url: string, events: unknown = ['project.created']) => {
      const answer = await admin.call(HOOKS, { body: { url, events } });
      expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(400);
      return Object.values(answer.body.fieldErrors as Record<string, string>);
    };
    const notUrl = 'Enter the full URL of your endpoint, such as https://example.com/webhooks';
    for (const url of ['file:///etc/passwd', 'gopher://example.com/1', 'not a url', 'javascript:alert(1)', ''])
      expect(await refusal(url)).toContain(notUrl);
    for (const url of [
      'https://10.1.2.3/hook',
      'https://192.168.0.1/',
      'https://169.254.169.254/latest',
      'https://[fc00::1]/',
      'https://224.0.0.1/',
    ])
      expect((await refusal(url)).join()).toMatch(/is on a private or reserved network; only public addresses can be reached$/);
    expect(await refusal('https://hooks.example/in', ['project.renamed'])).toContain(
      'Events must be some of project.created, project.updated, project.deleted, project.members_changed, comment.created',
    );
    expect(await refusal('https://hooks.example/in', [])).toContain('Choose at least one event');
    expect((await admin.call(HOOKS)).body.webhooks).toEqual([]);
  });

  it('refuses plain http in the cloud stage, and a URL with a user name and password everywhere', () => {
    const { checkWebhookUrl } = modules.target;
    vi.stubEnv('STAGE', 'prod');
    expect(() => checkWebhookUrl('http://hooks.example/in')).toThrow('The URL must start with https://');
    expect(() => checkWebhookUrl('https://me:secret@hooks.example/in')).toThrow('must not carry a user name or password');
    expect(checkWebhookUrl('https://hooks.example/in')).toBe('https://hooks.example/in');
    vi.stubEnv('STAGE', 'local');
    expect(checkWebhookUrl('http://127.0.0.1:4000/in')).toBe('http://127.0.0.1:4000/in');
  });
});

describe('webhooks: managing endpoints', () => {
  it('creates with the secret shown once, lists without it, changes, deletes, each audited', async () => {
    const admin = await registerOrganization();
    const refused = await admin.call(HOOKS, { body: { url: 'https://hooks.example/in', events: ['project.created'] } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('STEP_UP_REQUIRED');
    await stepUp(admin);
    const created = await admin.call(HOOKS, {
      body: { url: 'https://hooks.example/in', events: ['project.created', 'comment.created'], description: ' CRM ' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      url: 'https://hooks.example/in',
      events: ['project.created', 'comment.created'],
      description: 'CRM',
      enabled: true,
      createdAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_/),
    });
    const listed = await admin.call(HOOKS);
    expect(listed.status).toBe(200);
    const { secret: _shownOnce, ...shown } = created.body;
    expect(listed.body.webhooks).toEqual([{ ...shown, disabledReason: null }]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);

    const changed = await admin.call(`${HOOKS}/${created.body.id}`, {
      method: 'PATCH',
      body: { url: 'https://hooks.example/v2', events: ['project.deleted'], enabled: false, description: 'CRM v2' },
    });
    expect(changed.body).toMatchObject({
      url: 'https://hooks.example/v2',
      events: ['project.deleted'],
      enabled: false,
      description: 'CRM v2',
    });
    expect((await admin.call(`${HOOKS}/${created.body.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await admin.call(HOOKS)).body.webhooks).toEqual([]);
    expect((await admin.call(`${HOOKS}/${created.body.id}/deliveries`)).status).toBe(404);
    const actions = (await storedAuditEntries(admin.orgId)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['webhook.created', 'webhook.updated', 'webhook.deleted']));
    expect((await storedAuditEntries(admin.orgId, 'webhook.created'))[0]!.target).toEqual({
      type: 'webhook',
      id: created.body.id,
      label: 'https://hooks.example/in',
    });
  });

  it('keeps every webhook route to admins: 403 for staff, stepped up or not', async () => {
    const admin = await registerOrganization();
    const webhook = await createWebhook(admin, { url: 'https://hooks.example/in', events: ['project.created'] });
    const staff = await addMemberDirectly(admin.orgId);
    await stepUp(staff);
    for (const [method, path, body] of [
      ['GET', HOOKS, undefined],
      ['POST', HOOKS, { url: 'https://hooks.example/x', events: ['project.created'] }],
      ['PATCH', `${HOOKS}/${webhook.id}`, { enabled: false }],
      ['DELETE', `${HOOKS}/${webhook.id}`, undefined],
      ['POST', `${HOOKS}/${webhook.id}/rotate-secret`, undefined],
      ['POST', `${HOOKS}/${webhook.id}/test`, undefined],
      ['GET', `${HOOKS}/${webhook.id}/deliveries`, undefined],
    ] as const) {
      const answer = await staff.call(path, { method, ...(body ? { body } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
  });

  it("answers 404 for another organization's webhook and delivery, whatever the route", async () => {
    const ada = await registerOrganization();
    const eve = await registerOrganization();
    const hook = await receiver([500]);
    try {
      const webhook = await createWebhook(ada, { url: hook.url, events: ['comment.created'] });
      expect((await ada.call(`${HOOKS}/${webhook.id}/test`, { method: 'POST' })).status).toBe(202);
      const delivery = await deliveryWhen(ada, webhook.id, (each) => each.attempts === 1);
      await stepUp(eve);
      for (const [method, path] of [
        ['PATCH', `${HOOKS}/${webhook.id}`],
        ['DELETE', `${HOOKS}/${webhook.id}`],
        ['POST', `${HOOKS}/${webhook.id}/rotate-secret`],
        ['POST', `${HOOKS}/${webhook.id}/test`],
        ['GET', `${HOOKS}/${webhook.id}/deliveries`],
        ['POST', `${HOOKS}/${webhook.id}/deliveries/${delivery.id}/retry`],
      ] as const) {
        const answer = await eve.call(path, { method, ...(method === 'PATCH' ? { body: { enabled: false } } : {}) });
        expect(answer.status, `${method} ${path}`).toBe(404);
      }
      expect((await eve.call(HOOKS)).body.webhooks).toEqual([]);
    } finally {
      await hook.close();
    }
  });

  it('retries a delivery at once with its webhook-id, from the delivery log', async () => {
    const admin = await registerOrganization();
    const hook = await receiver([500, 204]);
    try {
      const webhook = await createWebhook(admin, { url: hook.url, events: ['comment.created'] });
      const sent = await admin.call(`${HOOKS}/${webhook.id}/test`, { method: 'POST' });
      expect(sent.status).toBe(202);
      expect(sent.body.delivery).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });
      await deliveryWhen(admin, webhook.id, (each) => each.attempts === 1);
      const retried = await admin.call(`${HOOKS}/${webhook.id}/deliveries/${sent.body.delivery.id}/retry`, { method: 'POST' });
      expect(retried.status).toBe(202);
      const second = await hook.nth(2);
      expect(second.headers['webhook-id']).toBe((await hook.nth(1)).headers['webhook-id']);
      expect(await deliveryWhen(admin, webhook.id, (each) => each.status === 'delivered')).toMatchObject({
        attempts: 2,
        responseStatus: 204,
      });
    } finally {
      await hook.close();
    }
  });

  it('pages the delivery log newest first, with a cursor sealed to its endpoint', async () => {
    const admin = await registerOrganization();
    const webhook = await createWebhook(admin, { url: 'https://hooks.example/in', events: ['comment.created'] });
    const other = await createWebhook(admin, { url: 'https://hooks.example/other', events: ['comment.created'] });
    const start = farOff(2096);
    const written = [];
    for (let index = 0; index < 25; index += 1) written.push(await dueDelivery(admin.orgId, webhook.id, start + index * 1000));
    const first = await deliveriesOf(admin, webhook.id);
    expect(first.deliveries.map((delivery) => delivery.id)).toEqual(
      written
        .map((delivery) => delivery.id)
        .reverse()
        .slice(0, 20),
    );
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await deliveriesOf(admin, webhook.id, first.nextCursor!);
    expect(second.deliveries.map((delivery) => delivery.id)).toEqual(
      written
        .map((delivery) => delivery.id)
        .reverse()
        .slice(20),
    );
    expect(second.nextCursor).toBeNull();
    const elsewhere = await admin.call(`${HOOKS}/${other.id}/deliveries?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(elsewhere.status).toBe(400);
  });
});

describe("webhooks: the automations' webhook action", () => {
  it("posts the rule's event to the endpoint it names, and refuses an endpoint of another organization", async () => {
    const admin = await registerOrganization();
    const eve = await registerOrganization();
    const hook = await receiver([200]);
    try {
      // Subscribed to another event: what arrives is the action's.
      const webhook = await createWebhook(admin, { url: hook.url, events: ['project.deleted'] });
      const theirs = await createWebhook(eve, { url: 'https://hooks.example/eve', events: ['project.deleted'] });
      const project = await admin.call('/api/projects', { body: { name: 'Release' } });
      const rule = {
        name: 'Tell the CRM',
        projectId: project.body.id,
        enabled: true,
        trigger: { type: 'comment.created', contains: 'ship it' },
        actions: [{ type: 'webhook', webhookId: webhook.id }],
      };
      const refused = await admin.call('/api/automations', {
        body: { ...rule, actions: [{ type: 'webhook', webhookId: theirs.id }] },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ actions: "Choose one of your organization's webhooks" });
      const created = await admin.call('/api/automations', { body: rule });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      await admin.call(`/api/projects/${project.body.id}/comments`, { method: 'POST', body: { text: 'Ready: ship it' } });
      const received = await hook.nth(1);
      expect(verified(webhook.secret, received)).toMatchObject({
        type: 'comment.created',
        data: { projectId: project.body.id, text: 'Ready: ship it' },
      });
      const runs = await eventually(
        async () =>
          (await admin.call(`/api/automations/${created.body.id}/runs`)).body.runs as { outcome: string; actions: unknown[] }[],
        (list) => list.length === 1 && list[0]!.outcome !== 'failed',
      );
      expect(runs[0]!.actions).toEqual([{ type: 'webhook', outcome: 'succeeded', detail: 'Sent to the webhook' }]);
    } finally {
      await hook.close();
    }
  });
});
