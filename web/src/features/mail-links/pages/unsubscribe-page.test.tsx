import * as mailSubscriptionEndpoints from '@shared/contract/mail-subscriptions';
import { INVALID_LINK } from '@shared/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnsubscribePage } from './unsubscribe-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Opens /unsubscribe#token=… with the API answering each path as `answers` says; answers the paths called, in order. */
function openLink(hash: string, answers: Record<string, () => Response>) {
  const called: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    called.push(`${url.pathname}${url.search}`);
    return answers[url.pathname]!();
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/unsubscribe${hash}`]}>
        <UnsubscribePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return called;
}

describe('/unsubscribe: the link of reminder and digest mails', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('turns the mails off on opening, says which, and turns them back on', async () => {
    const called = openLink('#token=abc.def', {
      [mailSubscriptionEndpoints.unsubscribe.path]: () => json({ list: 'due-reminders', subscribed: false }),
      [mailSubscriptionEndpoints.resubscribe.path]: () => json({ list: 'due-reminders', subscribed: true }),
    });
    expect(await screen.findByText(/You will no longer receive due-date reminder emails\./)).toBeInTheDocument();
    expect(called).toEqual([`${mailSubscriptionEndpoints.unsubscribe.path}?token=abc.def`]);
    await userEvent.click(screen.getByRole('button', { name: 'Turn them back on' }));
    expect(await screen.findByText('You will receive due-date reminder emails again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Subscribed again');
  });

  it('says a refused link is invalid and that nothing changed, with no way to turn anything on', async () => {
    openLink('#token=forged', {
      [mailSubscriptionEndpoints.unsubscribe.path]: () =>
        json({ message: INVALID_LINK, fieldErrors: { token: INVALID_LINK } }, 400),
    });
    expect(await screen.findByText(INVALID_LINK)).toBeInTheDocument();
    expect(screen.getByText(/Nothing was changed\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn them back on' })).toBeNull();
  });

  it('offers to try again when the server could not be reached', async () => {
    let attempts = 0;
    openLink('#token=abc.def', {
      [mailSubscriptionEndpoints.unsubscribe.path]: () =>
        attempts++ === 0 ? new Response(null, { status: 503 }) : json({ list: 'weekly-digest', subscribed: false }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/You will no longer receive the weekly digest email\./)).toBeInTheDocument();
  });
});
