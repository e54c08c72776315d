import * as ssoEndpoints from '@shared/contract/sso';
import type { SsoTestResultResponse } from '@shared/schemas/sso';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onTestResult } from '../lib/sso-test-message';
import { SsoTestResultPage } from './sso-test-result-page';

const PASSED: SsoTestResultResponse = {
  outcome: 'passed',
  protocol: 'saml',
  email: 'sam@acme.example',
  name: 'Sam Saml',
  subject: 'sam@acme.example',
  domainVerified: false,
  reason: null,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let stopListening = () => {};

function renderPage(answer: Response) {
  const requested: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    requested.push(new URL(input, 'http://localhost').pathname);
    return answer;
  });
  const announced = vi.fn();
  stopListening = onTestResult(announced);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SsoTestResultPage />
    </QueryClientProvider>,
  );
  return { announced, requested };
}

describe('the connection test’s result page (/sso/test-result)', () => {
  afterEach(() => {
    stopListening();
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the claims received and tells the Single sign-on tab', async () => {
    const { announced, requested } = renderPage(json(PASSED));
    expect(await screen.findByText(/The test sign-in worked \(SAML 2\.0\)/)).toBeInTheDocument();
    expect(screen.getByText('NameID')).toBeInTheDocument();
    expect(screen.getByText(/No: this person could not sign in until their email’s domain is verified/)).toBeInTheDocument();
    expect(requested).toEqual([ssoEndpoints.testResult.path]);
    await waitFor(() => expect(announced).toHaveBeenCalledWith(PASSED));
  });

  it('says there is no result when the session has none, and tells the tab nothing', async () => {
    const { announced } = renderPage(
      json({ message: 'No connection test in this session. Press Test connection to run one.' }, 404),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no connection test result here. Start one with Test connection on the Single sign-on tab.',
    );
    expect(announced).not.toHaveBeenCalled();
  });
});
