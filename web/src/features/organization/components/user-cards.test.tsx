import type { ManagedUserResponse } from '@shared/schemas/organization-users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserCards } from './user-cards';

const user = (id: string, fullName: string, mfaEnabled: boolean): ManagedUserResponse => ({
  id,
  username: `${fullName.split(' ')[0]!.toLowerCase()}@example.com`,
  fullName,
  avatarUrl: null,
  currentRole: { role: 'staff' },
  mfaEnabled,
});

const ada = { ...user('01JQ0000000000000000000001', 'Ada Admin', true), currentRole: { role: 'admin' as const } };
const sam = user('01JQ0000000000000000000002', 'Sam Secure', true);
const pat = user('01JQ0000000000000000000003', 'Pat Plain', false);

function renderCards() {
  const handlers = { onEdit: vi.fn(), onRemove: vi.fn(), onResetMfa: vi.fn() };
  // Another user's role is a dropdown that saves through the API: it needs a query client.
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UserCards users={[ada, sam, pat]} currentUserId={ada.id} {...handlers} />
    </QueryClientProvider>,
  );
  const card = (name: string) => screen.getAllByRole('listitem').find((item) => within(item).queryByText(name) !== null)!;
  return { handlers, card };
}

describe('UserCards', () => {
  afterEach(cleanup);

  it("shows another user's role as a dropdown named for them, and the caller's own as a badge", () => {
    const { card } = renderCards();
    expect(within(card('Sam Secure')).getByRole('combobox', { name: 'Role of Sam Secure' }).textContent).toBe('Staff');
    expect(within(card('Ada Admin')).queryByRole('combobox')).toBeNull();
    expect(within(card('Ada Admin')).getByText('Administrator')).toBeTruthy();
  });

  it("shows each user's two-factor status as the table does", () => {
    const { card } = renderCards();
    for (const [name, status] of [
      ['Ada Admin', 'On'],
      ['Sam Secure', 'On'],
      ['Pat Plain', 'Off'],
    ] as const) {
      expect(within(card(name)).getByText('Two-factor')).toBeTruthy();
      expect(within(card(name)).getByText(status, { exact: true })).toBeTruthy();
    }
  });

  it('offers Reset two-factor only for another user whose two-factor is on, and asks for that user', () => {
    const { card, handlers } = renderCards();
    expect(within(card('Ada Admin')).queryByRole('button', { name: /Reset two-factor/ })).toBeNull();
    expect(within(card('Pat Plain')).queryByRole('button', { name: /Reset two-factor/ })).toBeNull();
    fireEvent.click(within(card('Sam Secure')).getByRole('button', { name: 'Reset two-factor for Sam Secure' }));
    expect(handlers.onResetMfa).toHaveBeenCalledExactlyOnceWith(sam);
    expect(handlers.onRemove).not.toHaveBeenCalled();
  });
});
