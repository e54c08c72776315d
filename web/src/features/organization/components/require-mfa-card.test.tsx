import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as passkeyEndpoints from '@shared/contract/passkeys';
import { RequireMfaCard } from './require-mfa-card';

const ORG = { id: '01JQ0000000000000000000ORG', requireMfa: false };
const HINT = 'Set up two-factor authentication for your own account first (User Settings → Security).';
const passkey = { id: '01JQ0000000000000000000PK1', name: 'Work laptop', createdAt: '2026-11-20T09:00:00.000Z', lastUsedAt: null };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The card for an admin without the authenticator app, whose passkeys the server answers with `passkeys`. */
function renderCard(passkeys: unknown[]) {
  vi.stubGlobal('fetch', async (input: string) => (new URL(input, 'http://localhost').pathname === passkeyEndpoints.list.path ? json(passkeys) : new Promise(() => {})));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RequireMfaCard organization={ORG} adminHasAuthenticatorApp={false} />
    </QueryClientProvider>,
  );
  return screen.getByRole('checkbox', { name: 'Require two-factor authentication for all members' });
}

describe('RequireMfaCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lets an admin whose own factor is a passkey require two-factor", async () => {
    const checkbox = renderCard([passkey]);
    await vi.waitFor(() => expect(checkbox).toBeEnabled());
    expect(screen.queryByText(HINT, { exact: false })).toBeNull();
  });

  it('asks an admin with neither the app nor a passkey to set one up first', async () => {
    const checkbox = renderCard([]);
    await screen.findByText(HINT, { exact: false });
    expect(checkbox).toBeDisabled();
  });
});
