import * as ssoEndpoints from '@shared/contract/sso';
import type { SsoTestResultResponse } from '@shared/schemas/sso';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../../components/ui/toast-store';
import { announceTestResult } from '../lib/sso-test-message';
import { ConnectionTest } from './connection-test';

const IDP_URL = 'https://idp.example.test/authorize?state=s';
const PASSED: SsoTestResultResponse = {
  outcome: 'passed',
  protocol: 'oidc',
  email: 'tess@acme.example',
  name: 'Tess Tester',
  subject: 'sub-123',
  domainVerified: true,
  reason: null,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The card's test, with the API answering `answer` and the browser's popup either opened or blocked. */
function renderTest({
  popupBlocked = false,
  answer = () => json({ redirectUrl: IDP_URL }),
}: { popupBlocked?: boolean; answer?: () => Response } = {}) {
  const sent: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    sent.push(`${init?.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname}`);
    return answer();
  });
  const popup = { location: { assign: vi.fn() }, close: vi.fn() };
  const open = vi.fn(() => (popupBlocked ? null : popup));
  vi.stubGlobal('open', open);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConnectionTest />
    </QueryClientProvider>,
  );
  return { sent, popup, open };
}

/** The result page announcing a result, as it does in the popup. */
const announced = (result: SsoTestResultResponse) => act(() => announceTestResult(result));

describe("Single sign-on tab: 'Test connection'", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    for (const item of toastStore.getSnapshot()) toastStore.dismiss(item.id);
  });

  it('opens a popup from the click, sends it to the identity provider, and shows the claims the result page reports', async () => {
    const { sent, popup, open } = renderTest();
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(popup.location.assign).toHaveBeenCalledWith(IDP_URL));
    expect(sent).toEqual([`POST ${ssoEndpoints.testConnection.path}`]);

    await announced(PASSED);
    const shown = await screen.findByText(/The test sign-in worked/);
    expect(shown.closest('[role="status"]')).toHaveTextContent(
      'Emailtess@acme.exampleNameTess TesterSubjectsub-123Domain verifiedYes',
    );
    expect(toastStore.getSnapshot()[0]).toMatchObject({ title: 'Connection test passed' });
  });

  it('shows a refused test’s reason', async () => {
    renderTest();
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await announced({
      ...PASSED,
      outcome: 'refused',
      email: null,
      name: null,
      subject: null,
      domainVerified: false,
      reason: 'the assertion is for another audience',
    });
    expect(await screen.findByText('Reason: the assertion is for another audience')).toBeInTheDocument();
    expect(toastStore.getSnapshot()[0]).toMatchObject({ title: 'Connection test failed', variant: 'destructive' });
  });

  it('says to allow pop-ups when the browser blocks the window, and starts nothing', async () => {
    const { sent } = renderTest({ popupBlocked: true });
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Allow pop-ups for this site to test the connection.');
    expect(sent).toEqual([]);
  });

  it('closes the popup and says why when the test cannot start', async () => {
    const { popup } = renderTest({ answer: () => json({ message: 'Save a connection before testing it.' }, 400) });
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
    expect(toastStore.getSnapshot()[0]).toMatchObject({
      title: 'Failed to start the connection test',
      description: '400: Save a connection before testing it.',
    });
  });
});
