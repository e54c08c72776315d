import * as passkeyEndpoints from '@shared/contract/passkeys';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireMfaCard } from './require-mfa-card';

const ORG = { id: '01JQ0000000000000000000ORG', requireMfa: false };
const HINT = 'Set up two-factor authentication for your own account first (User Settings → Security).';
const passkey = {
  id: '01JQ0000000000000000000PK1',
  name: 'Work laptop',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: null,
};
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The card for an admin without the authenticator app, whose passkeys the server answers with `passkeys`. */
function renderCard(
  passkeys: unknown[],
  organization: { id: string; requireMfa: boolean; membersWithoutTwoFactor?: number } = ORG,
) {
  vi.stubGlobal('fetch', async (input: string) =>
    new URL(input, 'http://localhost').pathname === passkeyEndpoints.list.path ? json(passkeys) : new Promise(() => {}),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RequireMfaCard organization={organization} adminHasAuthenticatorApp={false} />
    </QueryClientProvider>,
  );
  return screen.getByRole('checkbox', { name: 'Require two-factor authentication for all members' });
}

describe('RequireMfaCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lets an admin whose own factor is a passkey require two-factor', async () => {
    const checkbox = renderCard([passkey]);
    await vi.waitFor(() => expect(checkbox).toBeEnabled());
    expect(screen.queryByText(HINT, { exact: false })).toBeNull();
  });

  it('asks an admin with neither the app nor a passkey to set one up first', async () => {
    const checkbox = renderCard([]);
    await screen.findByText(HINT, { exact: false });
    expect(checkbox).toBeDisabled();
  });

  /** Ticks the box as the admin would and answers the confirmation dialog's text. */
  async function confirmationFor(membersWithoutTwoFactor: number | undefined) {
    const checkbox = renderCard([passkey], {
      ...ORG,
      ...(membersWithoutTwoFactor === undefined ? {} : { membersWithoutTwoFactor }),
    });
    await vi.waitFor(() => expect(checkbox).toBeEnabled());
    fireEvent.click(checkbox);
    return (await screen.findByRole('alertdialog', { name: 'Require two-factor authentication?' })).textContent;
  }

  it('says in the confirmation how many members have not set up two-factor', async () => {
    expect(await confirmationFor(3)).toContain(
      '3 members have not set up two-factor authentication and will be asked to set it up on their next request',
    );
  });

  it('speaks of one member in the singular', async () => {
    expect(await confirmationFor(1)).toContain(
      '1 member has not set up two-factor authentication and will be asked to set it up on their next request',
    );
  });

  it('says nobody is affected when every member has two-factor', async () => {
    expect(await confirmationFor(0)).toContain(
      'Every member has set up two-factor authentication: nobody will be asked to set it up.',
    );
  });

  it('names no number for an organization not counted yet', async () => {
    const text = await confirmationFor(undefined);
    expect(text).toContain(
      'Every member who has not set up two-factor authentication will be asked to set it up on their next request',
    );
    expect(text).not.toMatch(/\d+ members? ha/);
  });
});
