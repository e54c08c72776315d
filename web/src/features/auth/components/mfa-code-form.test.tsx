import * as authEndpoints from '@shared/contract/auth';
import * as passkeyEndpoints from '@shared/contract/passkeys';
import type { UserResponse } from '@shared/schemas/auth';
import { SIGN_IN_EXPIRED } from '@shared/schemas/mfa';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueries } from '../../../lib/current-user';
import { LoginForm } from './login-form';

// The browser's passkey dialog: the person answers with their passkey.
const startAuthentication = vi.hoisted(() => vi.fn());
vi.mock('@simplewebauthn/browser', async (original) => ({ ...(await original<object>()), startAuthentication }));

const USER: UserResponse = {
  id: '01JQ0000000000000000000USR',
  username: 'ada@acme.example',
  fullName: 'Ada Admin',
  avatarUrl: null,
  emailVerified: true,
  mfaEnabled: true,
  mfaSetupRequired: false,
  roles: [
    {
      role: 'admin',
      organization: { id: '01JQ0000000000000000000ORG', name: 'Acme Ltd', requireMfa: false, assistantEnabled: true },
    },
  ],
};
const OPTIONS = {
  challenge: 'c2Vjb25kLWZhY3Rvcg',
  allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' }],
  userVerification: 'required',
};
const ANSWER = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * /auth with a deep link, the server answering the password step with `passwordAnswer` and the
 * passkey routes of the second step as given; the sign-in's password step is taken.
 */
async function passwordStep(passwordAnswer: unknown, secondFactorOptions: () => Response = () => json(OPTIONS)) {
  const sent: { path: string; body?: unknown }[] = [];
  // The 'Remember me' checkbox (Radix) measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://localhost').pathname;
    sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (path === authEndpoints.login.path) return json(passwordAnswer);
    if (path === passkeyEndpoints.secondFactorOptions.path) return secondFactorOptions();
    if (path === passkeyEndpoints.secondFactor.path) return json(USER);
    return new Promise(() => {});
  });
  startAuthentication.mockResolvedValue(ANSWER);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/auth?next=%2Fprojects%3Fview%3Dlist']}>
        <Routes>
          <Route path="/auth" element={<LoginForm />} />
          <Route path="/projects" element={<h1>Projects</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await userEvent.type(screen.getByLabelText('Email address'), USER.username);
  await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return { sent, queryClient };
}

describe('the second step of a sign-in with a passkey beside the authenticator code (issue 41)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    startAuthentication.mockReset();
  });

  it("offers 'Use a passkey' beside the code field, and the passkey finishes the sign-in to the page asked for", async () => {
    const { sent, queryClient } = await passwordStep({ mfaRequired: true, factors: ['code', 'passkey'] });
    const code = await screen.findByLabelText('Authentication code');
    const passkey = screen.getByRole('button', { name: 'Use a passkey' });
    expect(passkey.closest('form')).toBe(code.closest('form'));
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();

    await userEvent.click(passkey);
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(sent.map((request) => request.path)).toEqual([
      authEndpoints.login.path,
      passkeyEndpoints.secondFactorOptions.path,
      passkeyEndpoints.secondFactor.path,
    ]);
    expect(sent.at(-1)?.body).toEqual({ response: ANSWER });
    expect(queryClient.getQueryData(userQueries.current().queryKey)).toEqual(USER);
  });

  it('offers the code alone when the password step names no passkey among the factors', async () => {
    await passwordStep({ mfaRequired: true });
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });

  it('goes back to the password when the pending sign-in expired before the passkey answered', async () => {
    await passwordStep({ mfaRequired: true, factors: ['code', 'passkey'] }, () => json({ message: SIGN_IN_EXPIRED }, 400));
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect(startAuthentication).not.toHaveBeenCalled();
  });
});
