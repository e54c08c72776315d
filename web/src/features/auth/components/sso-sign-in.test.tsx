import * as ssoEndpoints from '@shared/contract/sso';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SsoSignIn } from './sso-sign-in';

const NOT_AVAILABLE =
  'Single sign-on is not set up for this email address. Sign in with your password, or ask your administrator.';

function renderAt(url: string, answer: () => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (new URL(input, 'http://localhost').pathname === ssoEndpoints.start.path) sent.push(JSON.parse(String(init?.body)));
    return answer();
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <SsoSignIn />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return sent;
}

describe("/auth: 'Sign in with SSO'", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the work email, then shows the server’s refusal under the field and keeps what was typed', async () => {
    const sent = renderAt(
      '/auth',
      () =>
        new Response(JSON.stringify({ message: NOT_AVAILABLE, fieldErrors: { email: NOT_AVAILABLE } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with SSO' }));
    const email = screen.getByLabelText('Work email');
    expect(email).toHaveFocus();
    await userEvent.type(email, 'ana@nowhere.example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    expect(await screen.findByText(NOT_AVAILABLE)).toBeInTheDocument();
    expect(email).toHaveValue('ana@nowhere.example');
    expect(sent).toEqual([{ email: 'ana@nowhere.example' }]);
  });

  it('sends the deep link the person came from, for the server to land on after the identity provider', async () => {
    const sent = renderAt(
      '/auth?next=%2Fprojects%2F01JD0000000000000000000000%3Ftab%3Dcomments',
      () =>
        new Response(JSON.stringify({ message: NOT_AVAILABLE, fieldErrors: { email: NOT_AVAILABLE } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with SSO' }));
    await userEvent.type(screen.getByLabelText('Work email'), 'ana@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    await screen.findByText(NOT_AVAILABLE);
    expect(sent).toEqual([{ email: 'ana@acme.example', returnTo: '/projects/01JD0000000000000000000000?tab=comments' }]);
  });

  it('says a refused single sign-on did not complete when the callback sent the browser back', () => {
    renderAt('/auth?sso=failed', () => new Response(null, { status: 500 }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Single sign-on did not complete. Please try again, or ask your administrator.',
    );
    expect(screen.getByLabelText('Work email')).toBeInTheDocument();
  });
});
