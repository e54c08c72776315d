import { callApi } from './api-client';
import { median, round1 } from './stats';

/** A wrong password for an account, and a sign-in with an address nobody has: their medians side by side. */
export interface SignInAnswerFigures {
  samples: number;
  knownEmailWrongPasswordP50: number;
  unknownEmailP50: number;
}

/**
 * POST /api/login answered for a known email with a wrong password and for an unknown email, one of each in
 * turn (docs/decisions/096; issue 63 measured 190–430 ms against 38–64 ms). Each known account fails once and
 * each request comes from an address of its own, so no limit and no failed-password delay weighs on one side.
 */
export async function measureSignInAnswers(
  base: string,
  knownEmails: string[],
  nextAddress: () => string,
): Promise<SignInAnswerFigures> {
  const known: number[] = [];
  const unknown: number[] = [];
  const timed = async (username: string, into: number[]) => {
    const started = performance.now();
    const answer = await callApi(base, '/api/login', {
      body: { username, password: 'not-the-password' },
      address: nextAddress(),
    });
    into.push(performance.now() - started);
    if (answer.status !== 401) throw new Error(`POST /api/login for ${username} answered ${answer.status}, not 401`);
  };
  for (const [index, email] of knownEmails.entries()) {
    await timed(email, known);
    await timed(`nobody-${index}-${crypto.randomUUID().slice(0, 8)}@bench.test`, unknown);
  }
  return { samples: known.length, knownEmailWrongPasswordP50: round1(median(known)), unknownEmailP50: round1(median(unknown)) };
}
