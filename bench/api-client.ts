import { fromAddress } from './client-addresses';
import { SetUpError } from './set-up-checks';

/** Plain HTTP calls to the bench cloud: sign in, and one request with its DynamoDB call count. */
export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  dbCalls: number;
}

/** `address`: the client's address (bench/client-addresses.ts), which the bench cloud takes from a header. */
export async function callApi<T = any>(
  baseUrl: string,
  path: string,
  options: { method?: string; body?: unknown; cookie?: string; address: string },
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...fromAddress(options.address),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    dbCalls: Number(response.headers.get('x-db-calls') ?? NaN),
  };
}

/** Tries of a sign-in the API answers 'busy' (503: its database did not answer in time on a loaded machine). */
const SIGN_IN_TRIES = 3;

/**
 * Signs in from `address` and answers the `name=value` of the session cookie; a sign-in without a
 * session fails the bench. A 503 is tried again after its retry-after, as the app's own client does:
 * a set-up step, not a figure.
 */
export async function signIn(baseUrl: string, email: string, password: string, address: string): Promise<string> {
  for (let tries = 1; ; tries += 1) {
    const response = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...fromAddress(address) },
      body: JSON.stringify({ username: email, password }),
    });
    const text = await response.text();
    if (response.status === 503 && tries < SIGN_IN_TRIES) {
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)));
      continue;
    }
    const cookie = response.headers.getSetCookie().find((value) => value.includes('session='));
    if (response.status === 200 && !cookie && text.includes('emailCodeRequired')) {
      // Every later call of this client would answer 401: the bench would measure its own set-up.
      throw new SetUpError(
        `the sign-in of ${email} from ${address} was asked for an emailed code (the account or the address failed too often: functions/throttles/sign-in-limits.ts)`,
      );
    }
    if (response.status !== 200 || !cookie)
      throw new SetUpError(
        `the sign-in of ${email} from ${address} answered ${response.status} without a session: ${text.slice(0, 200)}`,
      );
    return cookie.split(';')[0]!;
  }
}
