import * as auditLogEndpoints from '@shared/contract/audit-log';
import * as organizationUserEndpoints from '@shared/contract/organization-users';
import type { AuditEntryResponse, AuditLogPage } from '@shared/schemas/audit-log';
import type { UserResponse } from '@shared/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueries } from '../../../lib/current-user';
import { AccountSettingsPage } from './account-settings-page';

const ORG = { id: '01JQ0000000000000000000ORG', name: 'Acme Ltd', requireMfa: false };

const userWithRole = (role: 'admin' | 'staff') =>
  ({
    id: '01JQ0000000000000000000USR',
    username: 'ada@example.com',
    fullName: 'Ada Admin',
    avatarUrl: null,
    roles: [{ role, organization: ORG }],
    mfaEnabled: false,
    mfaSetupRequired: false,
  }) as unknown as UserResponse;

const entry = (index: number): AuditEntryResponse => ({
  id: `01JQ${String(index).padStart(22, '0')}`,
  at: new Date(Date.UTC(2025, 0, 5, 15, 4, 5) - index * 60_000).toISOString(),
  actor: { id: '01JQ0000000000000000000USR', fullName: 'Ada Admin', username: 'ada@example.com' },
  action: 'user.role_changed',
  target: { type: 'user', id: '01JQ0000000000000000000BOB', label: `Bob ${index}` },
  clientAddress: '192.0.2.7',
  userAgent: 'test',
  details: { from: 'staff', to: 'admin' },
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The page on its Audit Log tab for a user of this role; `pages` answers GET /api/organization/audit-log in turn. */
function renderAuditLogTab(role: 'admin' | 'staff', pages: AuditLogPage[] = []) {
  const requests: URL[] = [];
  const remaining = [...pages];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    requests.push(url);
    if (url.pathname === auditLogEndpoints.list.path) return json(remaining.shift() ?? { entries: [], nextCursor: null });
    if (url.pathname === organizationUserEndpoints.users.path) return json([]);
    return new Promise(() => {});
  });
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(userQueries.current().queryKey, userWithRole(role));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/organization-settings?tab=audit-log']}>
        <AccountSettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return requests;
}

const auditRequests = (requests: URL[]) => requests.filter((url) => url.pathname === auditLogEndpoints.list.path);

describe('Account Settings: Audit Log tab', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows staff the permission message and asks the server nothing', async () => {
    const requests = renderAuditLogTab('staff');
    expect(screen.getByRole('tab', { name: 'Audit Log', selected: true })).toBeInTheDocument();
    expect(
      screen.getByText('You do not have permission to view the audit log. Please contact your administrator.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(auditRequests(requests)).toEqual([]);
  });

  it('says so when no event matches', async () => {
    renderAuditLogTab('admin', [{ entries: [], nextCursor: null }]);
    expect(await screen.findByText('No events match these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('shows each entry in words and loads the next page from the cursor with Load more', async () => {
    const first = Array.from({ length: 50 }, (_, index) => entry(index));
    const requests = renderAuditLogTab('admin', [
      { entries: first, nextCursor: first[49]!.id },
      { entries: [entry(50), entry(51)], nextCursor: null },
    ]);
    const cards = await screen.findByRole('list', { name: 'Audit log' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(50);
    const newest = within(cards).getAllByRole('listitem')[0]!;
    expect(newest).toHaveTextContent('Role changed');
    expect(newest).toHaveTextContent('Ada Admin');
    expect(newest).toHaveTextContent('Bob 0');
    expect(newest).toHaveTextContent('192.0.2.7');
    expect(newest).toHaveTextContent('from: staff, to: admin');
    expect(within(newest).getByText(/^Jan 5, 2025, /)).toHaveAttribute('datetime', entry(0).at);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(cards).findByText('Bob 51')).toBeInTheDocument();
    expect(within(cards).getAllByRole('listitem')).toHaveLength(52);
    expect(auditRequests(requests).map((url) => url.searchParams.get('cursor'))).toEqual([null, first[49]!.id]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('refuses a date range that ends before it starts, under To, without asking the server', async () => {
    const requests = renderAuditLogTab('admin', [{ entries: [], nextCursor: null }]);
    await screen.findByText('No events match these filters.');
    await userEvent.type(screen.getByLabelText('From'), '2025-03-10');
    await userEvent.type(screen.getByLabelText('To'), '2025-03-01');
    expect(screen.getByText('To must not be before From')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(auditRequests(requests).every((url) => !url.searchParams.has('to'))).toBe(true);
  });
});
