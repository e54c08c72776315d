import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES } from '@shared/api-key-scopes';
import * as developerEndpoints from '@shared/contract/developers';
import type { UserResponse } from '@shared/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueries } from '../../../lib/current-user';
import { DevelopersPage } from './developers-page';

// Scalar's Vue app is not drawn in jsdom: the e2e spec (test/e2e/developers.spec.ts) sees it; here it says what it was given.
vi.mock('../components/api-reference', () => ({
  ApiReference: ({ document }: { document: { info: { title: string } } }) => <p>Reference of {document.info.title}</p>,
}));

const ORG = { id: '01JQ0000000000000000000ORG', name: 'Acme Ltd', requireMfa: false };
const userWith = (role: 'admin' | 'staff') =>
  ({
    id: '01JQ0000000000000000000USR',
    username: 'ada@acme.example',
    fullName: 'Ada Lovelace',
    avatarUrl: null,
    roles: [{ role, organization: ORG }],
    mfaEnabled: false,
    mfaSetupRequired: false,
  }) as unknown as UserResponse;

const DOCUMENT = { openapi: '3.1.0', info: { title: 'Growthwise API', version: '0.1.0' }, paths: {} };

/** /developers for `user` (null: signed out), the document answered by `answer`; the paths asked, in order. */
function openPage(user: UserResponse | null, answer: () => Response) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    asked.push(new URL(input, 'http://localhost').pathname);
    return answer();
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(userQueries.current().queryKey, user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/developers']}>
        <DevelopersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return asked;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('/developers', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('explains keys and lists every scope with what it allows, then draws the reference of the API’s own document', async () => {
    const asked = openPage(null, () => json(DOCUMENT));
    expect(screen.getByRole('heading', { level: 1, name: 'Developers' })).toBeInTheDocument();
    const scopes = within(screen.getByRole('region', { name: 'Scopes' }));
    for (const scope of API_KEY_SCOPES) {
      expect(scopes.getByText(scope)).toBeInTheDocument();
      expect(scopes.getByText(API_KEY_SCOPE_LABELS[scope])).toBeInTheDocument();
    }
    expect(screen.getByText('RateLimit-Policy')).toBeInTheDocument();
    expect(await screen.findByText('Reference of Growthwise API')).toBeInTheDocument();
    expect(asked).toEqual([developerEndpoints.openApiDocument.path]);
  });

  it('offers admins a key on the API keys tab of Organization settings', () => {
    openPage(userWith('admin'), () => json(DOCUMENT));
    expect(screen.getByRole('link', { name: 'Create an API key' })).toHaveAttribute(
      'href',
      '/organization-settings?tab=api-keys',
    );
    expect(screen.getByRole('link', { name: 'Back to the app' })).toHaveAttribute('href', '/dashboard');
  });

  it('tells staff and signed-out visitors who creates keys, with no link to make one', () => {
    openPage(userWith('staff'), () => json(DOCUMENT));
    expect(screen.getByText('Ask an administrator of your organization for a key.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create an API key' })).toBeNull();
    cleanup();
    openPage(null, () => json(DOCUMENT));
    expect(screen.getByText('Administrators create keys once signed in.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });

  it('says so when the document cannot be read, and keeps the intro', async () => {
    openPage(null, () => new Response(null, { status: 503 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The API reference could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Scopes' })).toBeInTheDocument();
  });
});
