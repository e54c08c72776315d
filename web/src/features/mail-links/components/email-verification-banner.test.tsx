import * as emailVerificationEndpoints from '@shared/contract/email-verification';
import type { UserResponse } from '@shared/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../../components/ui/toast-store';
import { EmailVerificationBanner } from './email-verification-banner';

const user = (emailVerified: boolean): UserResponse =>
  ({ id: 'user-1', username: 'ada@example.com', fullName: 'Ada Lovelace', emailVerified, roles: [] }) as unknown as UserResponse;

function renderBanner(forUser: UserResponse) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <EmailVerificationBanner user={forUser} />
    </QueryClientProvider>,
  );
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('EmailVerificationBanner', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    sessionStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    for (const item of toastStore.getSnapshot()) toastStore.dismiss(item.id);
  });

  it('tells an unverified user where the link went, in a labelled region', () => {
    renderBanner(user(false));
    const region = screen.getByRole('region', { name: 'Email verification' });
    expect(region).toHaveTextContent('Please verify your email address. We sent a link to ada@example.com.');
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeEnabled();
  });

  it('is not there once the address is verified', () => {
    renderBanner(user(true));
    expect(screen.queryByRole('region', { name: 'Email verification' })).not.toBeInTheDocument();
  });

  it('stays dismissed for the browser session, from the keyboard too', async () => {
    const { unmount } = renderBanner(user(false));
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    dismiss.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: 'Email verification' })).not.toBeInTheDocument();
    unmount();

    renderBanner(user(false));
    expect(screen.queryByRole('region', { name: 'Email verification' })).not.toBeInTheDocument();
    // Another account in the same tab has not dismissed its own.
    renderBanner({ ...user(false), id: 'user-2' });
    expect(screen.getByRole('region', { name: 'Email verification' })).toBeInTheDocument();
  });

  it("'Resend email' asks the server for a new link and says it was sent", async () => {
    fetchMock.mockResolvedValue(answer(200, { message: 'Verification email sent' }));
    renderBanner(user(false));
    await userEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    await waitFor(() =>
      expect(toastStore.getSnapshot()[0]).toMatchObject({ title: 'Verification email sent', variant: 'default' }),
    );
    expect(fetchMock).toHaveBeenCalledWith(emailVerificationEndpoints.resend.path, expect.objectContaining({ method: 'POST' }));
  });

  it("a throttled resend shows the server's 429 message", async () => {
    fetchMock.mockResolvedValue(answer(429, { message: 'Too many verification emails. Please try again later.' }));
    renderBanner(user(false));
    await userEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    await waitFor(() =>
      expect(toastStore.getSnapshot()[0]).toMatchObject({
        title: 'Resend failed',
        description: '429: Too many verification emails. Please try again later.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('region', { name: 'Email verification' })).toBeInTheDocument();
  });
});
