import * as organizationInvitationEndpoints from '@shared/contract/organization-invitations';
import type { InvitationResponse } from '@shared/schemas/organization-invitations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organizationInvitationQueries } from '../api/organization-invitations';
import { PendingInvitations } from './pending-invitations';

const DAY = 24 * 60 * 60 * 1000;

const invitation = (overrides: Partial<InvitationResponse>): InvitationResponse => ({
  id: '01JQ0000000000000000000000',
  email: 'someone@example.com',
  role: 'staff',
  status: 'pending',
  invitedBy: { id: '01JQ0000000000000000000001', fullName: 'Ada Admin' },
  createdAt: new Date(Date.now() - DAY).toISOString(),
  expiresAt: new Date(Date.now() + 6 * DAY - 1000).toISOString(),
  ...overrides,
});

/** The section as the Users tab shows it, with the list already loaded (no request is made). */
function renderWith(list: InvitationResponse[]) {
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(organizationInvitationQueries.list().queryKey, {
    pages: [{ items: list, next: undefined, total: list.length }],
    pageParams: [undefined],
  });
  render(
    <QueryClientProvider client={client}>
      <PendingInvitations />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Pending invitations' });
}

describe('Pending invitations', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says when an invitation's email could not be delivered, beside its Resend, and only for that invitation", () => {
    const section = renderWith([
      invitation({
        id: '01JQ0000000000000000000020',
        email: 'bounced@example.com',
        mailFailedAt: new Date(Date.now() - 1000).toISOString(),
      }),
      invitation({ id: '01JQ0000000000000000000021', email: 'delivered@example.com' }),
    ]);
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(
      'The invitation email could not be delivered. Resend it, or revoke it if the address is wrong.',
    );
    expect(within(rows[0]!).getByRole('button', { name: 'Resend invitation to bounced@example.com' })).toBeEnabled();
    expect(rows[1]).not.toHaveTextContent('could not be delivered');
    // The phone layout says it too.
    const cards = within(within(section).getByRole('list', { name: 'Pending invitations' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('could not be delivered');
    expect(cards[1]).not.toHaveTextContent('could not be delivered');
  });

  it('shows pending ones with their expiry, expired ones marked Expired (both with Resend and Revoke), and leaves out ended ones', () => {
    const section = renderWith([
      invitation({ id: '01JQ0000000000000000000010', email: 'fresh@example.com', role: 'admin' }),
      invitation({
        id: '01JQ0000000000000000000011',
        email: 'late@example.com',
        status: 'expired',
        expiresAt: new Date(Date.now() - DAY).toISOString(),
      }),
      invitation({ id: '01JQ0000000000000000000012', email: 'revoked@example.com', status: 'revoked' }),
      invitation({ id: '01JQ0000000000000000000013', email: 'joined@example.com', status: 'accepted' }),
    ]);
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('fresh@example.com'),
      expect.stringContaining('late@example.com'),
    ]);
    expect(rows[0]).toHaveTextContent('Administrator');
    expect(rows[0]).toHaveTextContent('Ada Admin');
    expect(rows[0]).toHaveTextContent('in 5 days');
    expect(rows[0]).not.toHaveTextContent('Expired');
    expect(rows[1]).toHaveTextContent('Expired');
    for (const row of rows) {
      expect(within(row).getByRole('button', { name: /^Resend invitation to / })).toBeEnabled();
      expect(within(row).getByRole('button', { name: /^Revoke invitation to / })).toBeEnabled();
    }
  });

  it('says so when nothing is pending', () => {
    const section = renderWith([invitation({ status: 'accepted' })]);
    expect(section).toHaveTextContent('No pending invitations');
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('loads the next page with Load more, and says there is nothing pending only once no page is left', async () => {
    const first = [invitation({ id: '01JQ0000000000000000000030', email: 'ended@example.com', status: 'revoked' })];
    const second = [invitation({ id: '01JQ0000000000000000000031', email: 'older@example.com' })];
    const requests: string[] = [];
    const { path } = organizationInvitationEndpoints.list;
    vi.stubGlobal('fetch', async (input: string) => {
      requests.push(input);
      const next = input.includes('cursor=');
      return new Response(JSON.stringify(next ? second : first), {
        status: 200,
        headers: { 'content-type': 'application/json', ...(next ? {} : { link: `<${path}?cursor=page-2>; rel="next"` }) },
      });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <PendingInvitations />
      </QueryClientProvider>,
    );
    const section = screen.getByRole('region', { name: 'Pending invitations' });
    // The first page holds only an ended one: not 'nothing pending' while another page may hold some.
    const loadMore = await within(section).findByRole('button', { name: 'Load more' });
    expect(section).not.toHaveTextContent('No pending invitations');
    await userEvent.click(loadMore);
    const rows = (await within(section).findAllByRole('row')).slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('older@example.com')]);
    expect(within(section).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requests.map((request) => new URL(request, 'http://localhost').search)).toEqual(['', '?cursor=page-2']);
  });
});
