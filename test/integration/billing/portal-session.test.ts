import { describe, expect, it } from 'vitest';
import { request, registerOrganization } from '../support/api';
import { addUserThroughApi } from '../support/org-members';
import { portalSessionsCreated, subscribe, subscriptionOf } from './billing-support';

describe('POST /api/billing/portal-session', () => {
  it("opens a Stripe portal session for the admin's own organization's customer, returning to /billing", async () => {
    const org = await registerOrganization();
    const { customer } = await subscribe(org);
    expect(await subscriptionOf(org)).toMatchObject({ hasCustomer: true, portalSession: true });

    const response = await org.call('/api/billing/portal-session', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(response.body.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const created = (await portalSessionsCreated()).find((session) => session.url === response.body.url);
    expect(created).toMatchObject({ customer });
    expect(created!.return_url).toMatch(/^http:\/\/localhost:\d+\/billing$/);
  });

  it('refuses staff (403) and creates nothing', async () => {
    const org = await registerOrganization();
    await subscribe(org);
    const staff = await addUserThroughApi(org, 'Sam Staff');
    const before = (await portalSessionsCreated()).length;
    const response = await staff.call('/api/billing/portal-session', { method: 'POST' });
    expect(response.status).toBe(403);
    expect((await portalSessionsCreated()).length).toBe(before);
    expect(await subscriptionOf(staff)).not.toHaveProperty('portalSession');
  });

  it('answers 409 while the organization has no Stripe customer (the static portal link is used instead)', async () => {
    const org = await registerOrganization();
    expect(await subscriptionOf(org)).toMatchObject({ hasCustomer: false, portalSession: false });
    const response = await org.call('/api/billing/portal-session', { method: 'POST' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'This organization has no subscription to manage yet' });
  });

  it('needs a session (401), and a browser on another origin is refused (403)', async () => {
    expect((await request('/api/billing/portal-session', { method: 'POST' })).status).toBe(401);
    const org = await registerOrganization();
    await subscribe(org);
    const crossSite = await org.call('/api/billing/portal-session', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
  });

  it("answers GET /api/billing/subscription from the session's own round trip", async () => {
    const org = await registerOrganization();
    const staff = await addUserThroughApi(org, 'Sam Staff');
    expect((await staff.call('/api/billing/subscription')).dbCalls).toBe(1);
    expect((await org.call('/api/billing/subscription')).dbCalls).toBe(1);
    expect((await request('/api/billing/subscription')).status).toBe(401);
  });
});
