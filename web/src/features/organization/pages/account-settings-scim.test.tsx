import * as scimTokenEndpoints from '@shared/contract/scim-tokens';
import type { UserResponse } from '@shared/schemas/auth';
import type { ScimTokenResponse } from '@shared/schemas/scim-tokens';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueries } from '../../../lib/current-user';
import { AccountSettingsPage } from './account-settings-page';

const ORG = { id: '01JQ0000000000000000000ORG', name: 'Acme Ltd', requireMfa: false };
const admin = {
  id: '01JQ0000000000000000000USR',
  username: 'ada@acme.example',
  fullName: 'Ada Admin',
  avatarUrl: null,
  roles: [{ role: 'admin', organization: ORG }],
  mfaEnabled: false,
  mfaSetupRequired: false,
} as unknown as UserResponse;
const TOKEN_ID = '01JQ00000000000000000TOKEN';
const okta: ScimTokenResponse = {
  id: TOKEN_ID,
  name: 'Okta',
  createdAt: '2025-03-12T06:00:00.000Z',
  createdBy: { id: admin.id, fullName: 'Ada Admin' },
  lastUsedAt: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The Single sign-on tab of an admin; the SCIM token routes answer from `tokens`, the other cards never load. */
function renderTab(tokens: ScimTokenResponse[]) {
  const requests: { path: string; method: string; body?: string }[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (!url.pathname.startsWith(scimTokenEndpoints.list.path)) return new Promise(() => {});
    requests.push({ path: url.pathname, method, body: init?.body as string | undefined });
    if (method === 'POST')
      return json({ id: TOKEN_ID, name: 'Okta', token: 'gwscim_secret-shown-once', createdAt: okta.createdAt }, 201);
    if (method === 'DELETE') return json(okta);
    return json(tokens);
  });
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(userQueries.current().queryKey, admin);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/organization-settings?tab=sso']}>
        <AccountSettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return requests;
}

describe('Account Settings: SCIM provisioning tokens', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('creates a named token and shows it once, in a dialog that says it will not be shown again', async () => {
    const requests = renderTab([]);
    expect(await screen.findByText('No SCIM tokens yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Enter a name of 1 to 100 characters, such as Okta')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Token name'), 'Okta');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'SCIM token created' });
    expect(within(dialog).getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Token')).toHaveValue('gwscim_secret-shown-once');
    expect(requests).toContainEqual({
      path: scimTokenEndpoints.create.path,
      method: 'POST',
      body: JSON.stringify({ name: 'Okta' }),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('gwscim_secret-shown-once')).not.toBeInTheDocument();
  });

  it('lists each token with who created it and its last use, and revokes one after confirming', async () => {
    const requests = renderTab([
      okta,
      { ...okta, id: '01JQ00000000000000000TOKN2', name: 'Entra ID', createdBy: null, lastUsedAt: '2025-03-13T06:00:00.000Z' },
    ]);
    const list = await screen.findByRole('list', { name: 'SCIM tokens' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText(/by Ada Admin · Never used/)).toBeInTheDocument();
    expect(within(first!).queryByText(/before creators were recorded/)).not.toBeInTheDocument();
    expect(within(second!).getByText(/Last used/)).toBeInTheDocument();
    expect(
      within(second!).getByText(
        'Made before creators were recorded: it keeps working whoever leaves. Replace it with a new token to tie it to you.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(first!).getByRole('button', { name: 'Revoke Okta' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke Okta?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    await vi.waitFor(() =>
      expect(requests).toContainEqual({ path: `${scimTokenEndpoints.list.path}/${TOKEN_ID}`, method: 'DELETE', body: undefined }),
    );
  });
});
