import * as ssoEndpoints from '@shared/contract/sso';
import * as ssoRequirementEndpoints from '@shared/contract/sso-requirement';
import type { SsoRequirementResponse } from '@shared/schemas/sso-requirement';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../../components/ui/toast-store';
import { RequireSsoCard } from './require-sso-card';

const ADA = { id: '01JQ0000000000000000000ADA', fullName: 'Ada Admin', username: 'ada@acme.example' };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const verifiedDomain = {
  domain: 'acme.example',
  verified: true,
  txtName: '_growthwise-verification.acme.example',
  txtValue: 'x',
  createdAt: '2025-03-12T06:00:00.000Z',
  verifiedAt: '2025-03-12T06:10:00.000Z',
};

function renderCard(
  requirement: SsoRequirementResponse,
  answerPut: (body: unknown) => Response = () => json({ ...requirement, requireSso: true }),
) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const { pathname } = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const body = JSON.parse(String(init?.body));
      sent.push({ method, path: pathname, body });
      return answerPut(body);
    }
    if (pathname === ssoRequirementEndpoints.requirement.path) return json(requirement);
    if (pathname === ssoEndpoints.listDomains.path) return json([verifiedDomain]);
    return new Promise(() => {});
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RequireSsoCard />
    </QueryClientProvider>,
  );
  return sent;
}

describe("Single sign-on tab: 'Require single sign-on'", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    for (const item of toastStore.getSnapshot()) toastStore.dismiss(item.id);
  });

  it('asks first, saying who is affected and who keeps password access, then requires it', async () => {
    const sent = renderCard({ requireSso: false, admins: [{ ...ADA, passwordAccess: false }], blockedBy: null });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Require single sign-on for people at verified domains' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Require single sign-on?' });
    expect(dialog).toHaveTextContent(
      'Everyone whose email is at acme.example will sign in with ‘Sign in with SSO’ through your identity provider.',
    );
    expect(dialog).toHaveTextContent('You keep password access');
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Require single sign-on' }));
    await waitFor(() =>
      expect(toastStore.getSnapshot()[0]).toMatchObject({
        title: 'Single sign-on updated',
        description: 'Single sign-on is now required at your verified domains.',
      }),
    );
    expect(sent).toEqual([{ method: 'PUT', path: ssoRequirementEndpoints.setRequirement.path, body: { requireSso: true } }]);
  });

  it('cannot be turned on while something is missing, and says what', async () => {
    renderCard({
      requireSso: false,
      admins: [{ ...ADA, passwordAccess: false }],
      blockedBy: 'Verify a domain before requiring single sign-on.',
    });
    const box = await screen.findByRole('checkbox', { name: 'Require single sign-on for people at verified domains' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription('Verify a domain before requiring single sign-on.');
  });

  it('shows the server’s refusal when the last admin with password access is turned off', async () => {
    const last =
      'At least one admin must keep password access while single sign-on is required. Give another admin password access first.';
    const sent = renderCard({ requireSso: true, admins: [{ ...ADA, passwordAccess: true }], blockedBy: null }, () =>
      json({ message: last }, 409),
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Ada Admin (ada@acme.example)' }));
    await waitFor(() =>
      expect(toastStore.getSnapshot()[0]).toMatchObject({
        title: 'Failed to change password access',
        description: last,
        variant: 'destructive',
      }),
    );
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: ssoRequirementEndpoints.setPasswordAccess.path.replace('{userId}', ADA.id),
        body: { passwordAccess: false },
      },
    ]);
  });
});
