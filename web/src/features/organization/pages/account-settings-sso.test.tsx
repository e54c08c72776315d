import * as ssoEndpoints from '@shared/contract/sso';
import type { UserResponse } from '@shared/schemas/auth';
import type { SsoDomainResponse } from '@shared/schemas/sso';
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
    username: 'ada@acme.example',
    fullName: 'Ada Admin',
    avatarUrl: null,
    roles: [{ role, organization: ORG }],
    mfaEnabled: false,
    mfaSetupRequired: false,
  }) as unknown as UserResponse;

const domain = (name: string, verified: boolean): SsoDomainResponse => ({
  domain: name,
  verified,
  txtName: `_growthwise-verification.${name}`,
  txtValue: `growthwise-domain-verification=${'ab'.repeat(16)}`,
  createdAt: '2025-03-12T06:00:00.000Z',
  verifiedAt: verified ? '2025-03-12T06:10:00.000Z' : null,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The page on its Single sign-on tab; `answer` answers the domain routes. */
function renderSsoTab(role: 'admin' | 'staff', answer: (url: URL, init?: RequestInit) => Response = () => json([])) {
  const requests: { url: URL; method: string }[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    requests.push({ url, method: init?.method ?? 'GET' });
    if (url.pathname.startsWith(ssoEndpoints.listDomains.path)) return answer(url, init);
    return new Promise(() => {});
  });
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(userQueries.current().queryKey, userWithRole(role));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/organization-settings?tab=sso']}>
        <AccountSettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return requests;
}

describe('Account Settings: Single sign-on tab', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows staff the permission message and asks the server nothing', () => {
    const requests = renderSsoTab('staff');
    expect(screen.getByRole('tab', { name: 'Single sign-on', selected: true })).toBeInTheDocument();
    expect(
      screen.getByText('You do not have permission to manage single sign-on. Please contact your administrator.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Domain')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('lists the domains: a verified one as verified, an unverified one with the TXT record to publish and Verify', async () => {
    renderSsoTab('admin', () => json([domain('acme.example', true), domain('acme-labs.example', false)]));
    const list = await screen.findByRole('list', { name: 'Domains' });
    const [verified, pending] = within(list).getAllByRole('listitem');
    expect(within(verified!).getByText('Verified')).toBeInTheDocument();
    expect(within(verified!).queryByRole('button', { name: 'Verify acme.example' })).not.toBeInTheDocument();
    expect(within(pending!).getByText('Not verified')).toBeInTheDocument();
    expect(within(pending!).getByText('_growthwise-verification.acme-labs.example')).toBeInTheDocument();
    expect(within(pending!).getByText(`growthwise-domain-verification=${'ab'.repeat(16)}`)).toBeInTheDocument();
    expect(within(pending!).getByRole('button', { name: 'Verify acme-labs.example' })).toBeEnabled();
  });

  it('says there are none yet, and checks a typed domain before sending it', async () => {
    const requests = renderSsoTab('admin');
    expect(await screen.findByText('No domains yet. Add one above.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Domain'), 'not a domain');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Enter a domain name such as example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('Domain')).toHaveValue('not a domain');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("keeps what was typed and shows the server's reason under the field when the domain is taken", async () => {
    renderSsoTab('admin', (_url, init) =>
      init?.method === 'POST' ? json({ message: 'This domain is verified by another organization.' }, 409) : json([]),
    );
    await screen.findByText('No domains yet. Add one above.');
    await userEvent.type(screen.getByLabelText('Domain'), 'Taken.Example');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('This domain is verified by another organization.')).toBeInTheDocument();
    expect(screen.getByLabelText('Domain')).toHaveValue('Taken.Example');
  });
});
