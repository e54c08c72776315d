import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../infra/local/free-port';
import { type LocalCloud, startLocalCloud } from '../../../infra/local/local-cloud';
import { INVALID_INVITATION } from '../../../shared/schemas/invitations';
import { CLIENT_ADDRESS_HEADER, randomClientAddress } from '../support/client-address';

const DAY = 24 * 60 * 60 * 1000;
const ADMIN = { username: 'clock-admin@example.com', password: 'clock-password-9' };
const sessionCookie = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((value) => value.startsWith('__Host-growthwise_session='))!
    .split(';')[0]!;

/**
 * Expiry by the functions' clock (functions/clock.ts): a local cloud of this file's own, whose
 * handlers run in this process and read GROWTHWISE_CLOCK_OFFSET_MS on every request, so the test
 * moves time forward between requests.
 */
describe('an invitation past its 7 days', () => {
  let cloud: LocalCloud;
  let scratch: string;

  const api = async (route: string, options: { method?: string; body?: unknown; cookie?: string } = {}) => {
    const headers: Record<string, string> = { [CLIENT_ADDRESS_HEADER]: randomClientAddress() };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.cookie) headers.cookie = options.cookie;
    const response = await fetch(`${cloud.url}${route}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };

  const setClock = (offsetMs: number) => {
    process.env.GROWTHWISE_CLOCK_OFFSET_MS = String(offsetMs);
  };

  async function tokenOf(email: string, count: number): Promise<string> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const mails = (await (
        await fetch(`${cloud.inboxUrl}/api/email?${new URLSearchParams({ 'to.address': email })}`)
      ).json()) as { text: string }[];
      if (mails.length >= count) return decodeURIComponent(/\/invite#token=([A-Za-z0-9_%-]+)/.exec(mails[count - 1]!.text)![1]!);
      if (Date.now() > deadline) throw new Error(`no invitation mail ${count} for ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The admin signs in again after each jump: a session ends after a day idle and 7 days in all, by the same clock. */
  async function signIn(): Promise<string> {
    const signedIn = await api('/api/login', { body: { username: ADMIN.username, password: ADMIN.password } });
    expect(signedIn.status).toBe(200);
    return sessionCookie(signedIn.headers);
  }

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'growthwise-invitation-clock-'));
    cloud = await startLocalCloud({
      port: await freePort(),
      // A DynamoDB Local of its own: on the suite's, with a table of this file's own, it took 102.6 s and
      // got a 503 in a full run, after other files had written tens of thousands of items (docs/decisions/088).
      inMemory: true,
      buildDir: path.join(scratch, 'functions'),
      // Its handlers' log and metrics lines would join those of the suite's own cloud, which other tests count.
      env: { LOG_LEVEL: 'silent', POWERTOOLS_METRICS_DISABLED: 'true', GROWTHWISE_CLOCK_OFFSET_MS: '0' },
      clientAddressHeader: CLIENT_ADDRESS_HEADER,
    });
  }, 240_000);

  afterAll(async () => {
    setClock(0);
    await cloud?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }, 30_000);

  it('stops working, is listed as expired, and a resend brings a new 7-day link', async () => {
    setClock(0);
    const registered = await api('/api/register', {
      body: { ...ADMIN, fullName: 'Clara Clock', organizationName: 'Clock Co' },
    });
    expect(registered.status).toBe(201);
    let cookie = sessionCookie(registered.headers);
    const email = 'clock-invitee@example.com';
    const created = await api('/api/organization/invitations', { cookie, body: { email, role: 'staff' } });
    expect(created.status).toBe(201);
    const firstToken = await tokenOf(email, 1);
    expect((await api('/api/invitations/lookup', { body: { token: firstToken } })).status).toBe(200);

    // A minute before the end it still works; a minute after, it does not.
    setClock(7 * DAY - 60_000);
    expect((await api('/api/invitations/lookup', { body: { token: firstToken } })).status).toBe(200);
    setClock(7 * DAY + 60_000);
    const lookedUp = await api('/api/invitations/lookup', { body: { token: firstToken } });
    expect(lookedUp.status).toBe(400);
    expect(lookedUp.body.message).toBe(INVALID_INVITATION);
    const accepted = await api('/api/invitations/accept', {
      body: { token: firstToken, fullName: 'Late Larry', password: 'late-password-7' },
    });
    expect(accepted.status).toBe(400);
    cookie = await signIn();
    const listed = await api('/api/organization/invitations', { cookie });
    expect(listed.body).toEqual([expect.objectContaining({ id: created.body.id, status: 'expired' })]);

    // An expired invitation no longer holds the address, but it can be resent: a fresh link for 7 more days.
    const resent = await api(`/api/organization/invitations/${created.body.id}/resend`, { cookie, method: 'POST' });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.status).toBe('pending');
    const secondToken = await tokenOf(email, 2);
    setClock(13 * DAY);
    expect((await api('/api/invitations/lookup', { body: { token: firstToken } })).status).toBe(400);
    const joined = await api('/api/invitations/accept', {
      body: { token: secondToken, fullName: 'Prompt Pat', password: 'prompt-password-7' },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);

    // Ended invitations stay listed for 30 days after they end.
    setClock(13 * DAY + 29 * DAY);
    cookie = await signIn();
    expect((await api('/api/organization/invitations', { cookie })).body).toEqual([
      expect.objectContaining({ status: 'accepted' }),
    ]);
    setClock(13 * DAY + 31 * DAY);
    cookie = await signIn();
    expect((await api('/api/organization/invitations', { cookie })).body).toEqual([]);
  }, 120_000);
});
