import * as passkeyEndpoints from '@shared/contract/passkeys';
import { STEP_UP_REQUIRED, STEP_UP_REQUIRED_MESSAGE } from '@shared/messages';
import { PASSKEY_NOT_CONFIRMED } from '@shared/schemas/passkeys';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { stepUpStore, withStepUp } from '../../../lib/step-up';
import { StepUpDialog } from './step-up-dialog';

// The browser's passkey dialog: the person answers with their passkey.
const startAuthentication = vi.hoisted(() => vi.fn());
vi.mock('@simplewebauthn/browser', async (original) => ({ ...(await original<object>()), startAuthentication }));

const passkey = {
  id: '01JQ0000000000000000000PK1',
  name: 'Work laptop',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: null,
};
const OPTIONS = {
  challenge: 'c2lnbi1tZS1pbg',
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

/** The dialog, asked for by a change the API refuses once for want of a step-up; the server answers the passkey routes as given. */
function confirmAChange({ passkeys, stepUp }: { passkeys: unknown[]; stepUp: () => Response }) {
  const sent: { path: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://localhost').pathname;
    sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (path === passkeyEndpoints.list.path) return json(passkeys);
    if (path === passkeyEndpoints.stepUpOptions.path) return json(OPTIONS);
    if (path === passkeyEndpoints.stepUp.path) return stepUp();
    return new Promise(() => {});
  });
  startAuthentication.mockResolvedValue(ANSWER);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StepUpDialog />
    </QueryClientProvider>,
  );
  let sends = 0;
  const change = withStepUp(async () => {
    sends += 1;
    if (sends === 1) throw new ApiError(403, `403: ${STEP_UP_REQUIRED_MESSAGE}`, undefined, STEP_UP_REQUIRED);
    return 'done';
  });
  // A change left waiting is cancelled after its test: that refusal is expected.
  change.catch(() => undefined);
  return { change, sent, sends: () => sends };
}

describe("'Confirm it's you' with a passkey", () => {
  afterEach(() => {
    stepUpStore.cancel();
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lets someone with a passkey confirm with it instead of the password, and the change goes through', async () => {
    const { change, sent, sends } = confirmAChange({ passkeys: [passkey], stepUp: () => new Response(null, { status: 204 }) });
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey instead' }));
    await expect(change).resolves.toBe('done');
    expect(sends()).toBe(2);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(sent.find((request) => request.path === passkeyEndpoints.stepUp.path)?.body).toEqual({ response: ANSWER });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says why when the passkey is refused, and keeps the dialog open for the password', async () => {
    const { sends } = confirmAChange({ passkeys: [passkey], stepUp: () => json({ message: PASSKEY_NOT_CONFIRMED }, 400) });
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey instead' }));
    expect((await screen.findByRole('alert')).textContent).toContain(PASSKEY_NOT_CONFIRMED);
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(sends()).toBe(1);
  });

  it('offers only the password to someone without a passkey', async () => {
    const { sent } = confirmAChange({ passkeys: [], stepUp: () => new Response(null, { status: 204 }) });
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    await vi.waitFor(() => expect(sent.some((request) => request.path === passkeyEndpoints.list.path)).toBe(true));
    expect(screen.queryByRole('button', { name: 'Use a passkey instead' })).toBeNull();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});
