import { generate } from 'otplib';
import { type ApiResponse, type SignedIn, request, sessionCookieOf } from './api';
import { functionsNow } from './functions-clock';

const PERIOD_MS = 30_000;
/** Longer than any request of the suite takes to reach its handler: a code of the step before the current one is still current then. */
const PREVIOUS_STEP_MARGIN_MS = 10_000;

/** The functions' current TOTP time step: their clock runs at the run's offset (functions/clock.ts). */
const currentStep = () => Math.floor(functionsNow() / PERIOD_MS);

/**
 * Codes of one secret as an authenticator app would give them, each of a time step newer than the
 * last one handed out (the server refuses a step used before). The server accepts the steps before
 * and after the current one too (functions/mfa/totp.ts): a first code takes the one before while
 * enough of the current step is left, so three codes in a row rarely wait for the clock (a wait of
 * 15 s on average, most of a file's time where a test signs in with a code and steps up with another).
 * A further one waits for the functions' clock to move on.
 */
export class Authenticator {
  private last = -Infinity;
  constructor(readonly secret: string) {}

  async nextCode(): Promise<string> {
    const now = functionsNow();
    const previousStillAccepted = PERIOD_MS - (now % PERIOD_MS) > PREVIOUS_STEP_MARGIN_MS;
    const step = Math.max(this.last + 1, Math.floor(now / PERIOD_MS) - (previousStillAccepted ? 1 : 0));
    while (step > currentStep() + 1) await new Promise((resolve) => setTimeout(resolve, 250));
    this.last = step;
    return this.codeAt(step);
  }

  /** The code of one time step (for replays and stale codes). */
  codeAt(step: number): Promise<string> {
    return generate({ secret: this.secret, epoch: (step * PERIOD_MS) / 1000 });
  }

  get lastStep() {
    return this.last;
  }
}

export interface Enrolled {
  authenticator: Authenticator;
  recoveryCodes: string[];
}

/** Confirms the password on the user's session, as the 'Confirm it's you' dialog does: security changes are open for 5 minutes. */
export async function stepUp(user: SignedIn) {
  const confirmed = await user.call('/api/user/step-up', { body: { password: user.password } });
  if (confirmed.status !== 204) throw new Error(`step-up failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
}

/** Sets two-factor up for a signed-in user through the API, as the Security tab does (confirming the password first). */
export async function enrol(user: SignedIn): Promise<Enrolled> {
  await stepUp(user);
  const setup = await user.call('/api/user/mfa/setup', { method: 'POST' });
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  const authenticator = new Authenticator(setup.body.secret);
  const enabled = await user.call('/api/user/mfa/enable', { body: { code: await authenticator.nextCode() } });
  if (enabled.status !== 200) throw new Error(`enable failed: ${enabled.status} ${JSON.stringify(enabled.body)}`);
  return { authenticator, recoveryCodes: enabled.body.recoveryCodes };
}

/** The `name=value` of the pending cookie the first step set. */
export function pendingCookieOf(response: ApiResponse): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('__Secure-growthwise_mfa_pending='));
  if (!cookie) throw new Error(`No pending cookie in the response (status ${response.status})`);
  return cookie.split(';')[0]!;
}

/** The first step: the password. Answers the pending cookie. */
export async function passwordStep(email: string, password: string): Promise<string> {
  const first = await request('/api/login', { body: { username: email, password } });
  if (first.status !== 200 || first.body?.mfaRequired !== true)
    throw new Error(`password step: ${first.status} ${JSON.stringify(first.body)}`);
  return pendingCookieOf(first);
}

export const secondStep = (pendingCookie: string, body: { code?: string; recoveryCode?: string }, clientAddress?: string) =>
  request('/api/login/mfa', { body, cookie: pendingCookie, ...(clientAddress ? { clientAddress } : {}) });

/** Both steps; answers the signed-in user as login() does. */
export const signInWithCode = (user: Pick<SignedIn, 'email' | 'password'>, code: string) => bothSteps(user, { code });
export const signInWithRecoveryCode = (user: Pick<SignedIn, 'email' | 'password'>, recoveryCode: string) =>
  bothSteps(user, { recoveryCode });

async function bothSteps(
  user: Pick<SignedIn, 'email' | 'password'>,
  body: { code?: string; recoveryCode?: string },
): Promise<SignedIn> {
  const second = await secondStep(await passwordStep(user.email, user.password), body);
  if (second.status !== 200) throw new Error(`code step: ${second.status} ${JSON.stringify(second.body)}`);
  const cookie = sessionCookieOf(second);
  return {
    cookie,
    user: second.body,
    email: user.email,
    password: user.password,
    orgId: second.body.roles[0].organization.id,
    call: (path, options = {}) => request(path, { ...options, cookie }),
  };
}
