import { fromAddress } from './client-addresses';
import { SetUpError } from './set-up-checks';
import { percentile, round1 } from './stats';

export interface ApiKeyFigures {
  samples: number;
  /** GET /api/projects with the signed-in session's cookie, p50 (ms). */
  sessionP50: number;
  /** The same request with an API key and no cookie, p50 (ms), each sample right after a session's. */
  keyP50: number;
  /** keyP50 ÷ sessionP50: the goal is ≤ 1.1 (issue 65). */
  ratio: number;
}

/** Below the key's own limit of 120 a minute (functions/api-keys/rate-limit.ts): each key serves this many samples. */
const SAMPLES_PER_KEY = 100;

/**
 * Issue 65's row: a key's GET /api/projects beside a session's, alternated so both see the same
 * moment's machine. Each key serves at most SAMPLES_PER_KEY requests, so its own limit never
 * answers 429 and the figure is the check's cost alone.
 */
export async function measureApiKeyLatency(options: {
  baseUrl: string;
  cookie: string;
  address: string;
  password: string;
  samples: number;
}): Promise<ApiKeyFigures> {
  const headers = { ...fromAddress(options.address), cookie: options.cookie };
  const stepUp = await fetch(`${options.baseUrl}/api/user/step-up`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ password: options.password }),
  });
  if (stepUp.status !== 204) throw new SetUpError(`the bench admin's step-up answered ${stepUp.status}`);
  const newKey = async () => {
    const created = await fetch(`${options.baseUrl}/api/organization/api-keys`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', scopes: ['projects:read'], expiresInDays: 1 }),
    });
    if (created.status !== 201) throw new SetUpError(`an API key's creation answered ${created.status}`);
    return ((await created.json()) as { key: string }).key;
  };
  const timed = async (init: { headers: Record<string, string> }) => {
    const started = performance.now();
    const response = await fetch(`${options.baseUrl}/api/projects`, init);
    await response.arrayBuffer();
    if (response.status !== 200) throw new SetUpError(`GET /api/projects answered ${response.status}`);
    return performance.now() - started;
  };
  const sessionTimes: number[] = [];
  const keyTimes: number[] = [];
  let key = await newKey();
  // Warm both paths first: the first request of each is a cold start of its own.
  await timed({ headers });
  await timed({ headers: { ...fromAddress(options.address), authorization: `Bearer ${key}` } });
  for (let sample = 0; sample < options.samples; sample += 1) {
    if (sample > 0 && sample % SAMPLES_PER_KEY === 0) key = await newKey();
    sessionTimes.push(await timed({ headers }));
    keyTimes.push(await timed({ headers: { ...fromAddress(options.address), authorization: `Bearer ${key}` } }));
  }
  const sessionP50 = round1(percentile(sessionTimes, 50));
  const keyP50 = round1(percentile(keyTimes, 50));
  return { samples: keyTimes.length, sessionP50, keyP50, ratio: Math.round((keyP50 / sessionP50) * 100) / 100 };
}
