import { signIn } from './api-client';
import { fromAddress, phaseAddresses } from './client-addresses';
import { assertNoRefusals } from './set-up-checks';
import { percentile, round1 } from './stats';

/**
 * The write phase of `npm run bench` (issue 37, item 6): CLIENTS users of one organization change
 * project statuses for a while, half of their changes on one hot project and the rest on many cold
 * ones. Reports changes/s, latency, failed requests, and per change what the local cloud exposes
 * (EXPOSE_DB_CALLS): transactions sent (a retry after a lost race is one more), transactions
 * cancelled, and write units on the table and its indexes. Then the fan-out's delay: from a status
 * change's answer to a member's unread count having risen.
 */
export interface WriteContentionFigures {
  clients: number;
  seconds: number;
  changes: number;
  changesPerSecond: number;
  failed: number;
  /** Failed changes by status code (409: the project kept changing under the request; 503: the database stayed busy). */
  failedByStatus: Record<string, number>;
  p50: number;
  p95: number;
  /** p95 of the same changes made by one client alone. */
  singleClientP95: number;
  /**
   * The same clients at a pace people keep, one change a second each (20 changes/s, about half what
   * the 2 shared cores carry back to back): p95 ≤ 1.5 × singleClientP95 is the budget. Back to back,
   * p95 measures the machine's queue (20 clients ÷ its changes/s), whatever the items do.
   */
  paced: { everyMs: number; changes: number; failed: number; p50: number; p95: number; hotP95: number; coldP95: number };
  /**
   * p95 of the hot project's changes and of the cold ones apart: equal when the hot item makes no
   * change wait, so what p95 has above the one client's is the machine's queue, not the item's.
   */
  hotP95: number;
  coldP95: number;
  cancelledPerChange: number;
  retriesPerChange: number;
  tableUnitsPerChange: number;
  indexUnitsPerChange: number;
  fanOut: { samples: number; p50: number; p95: number };
}

interface Organization {
  base: string;
  password: string;
  /** One email per client (its own user). */
  emails: string[];
  hotProjectId: string;
  coldProjectIds: string[];
  /** A member of the hot project who is not among the clients, whose unread count the fan-out raises. */
  memberEmail: string;
}

const STATUSES = ['planning', 'in_progress', 'completed', 'on_hold'] as const;

interface Sample {
  ms: number;
  /** A change of the hot project. */
  hot?: boolean;
  ok: boolean;
  status: number;
  transactions: number;
  cancelled: number;
  tableUnits: number;
  indexUnits: number;
}

/** A signed-in client's headers: its session cookie and its own client address. */
type ClientHeaders = Record<string, string>;

async function changeStatus(base: string, client: ClientHeaders, projectId: string, status: string): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(`${base}/api/projects/${projectId}`, {
    method: 'PATCH',
    headers: { ...client, 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  await response.arrayBuffer();
  const header = (name: string) => Number(response.headers.get(name) ?? 0);
  return {
    ms: performance.now() - started,
    ok: response.status < 400,
    status: response.status,
    transactions: header('x-db-transactions'),
    cancelled: header('x-db-cancelled'),
    tableUnits: header('x-db-write-units'),
    indexUnits: header('x-db-index-write-units'),
  };
}

/**
 * Every client changes statuses until the time is up, half on the hot project: back to back, or
 * (with `everyMs`) one change each that often, the clients' turns spread evenly over the interval.
 */
async function contend(org: Organization, clients: ClientHeaders[], seconds: number, everyMs?: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  let turn = 0;
  await Promise.all(
    clients.map(async (headers, client) => {
      let own = 0;
      for (let next = started + ((everyMs ?? 0) * client) / clients.length; performance.now() < until; next += everyMs ?? 0) {
        if (everyMs !== undefined) await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
        if (performance.now() >= until) break;
        turn += 1;
        own += 1;
        // Every other change of each client is the hot project's (the global turn alone would give a paced client one parity for good).
        const hot = (own + client) % 2 === 0;
        const projectId = hot ? org.hotProjectId : org.coldProjectIds[(turn * 7 + client) % org.coldProjectIds.length]!;
        samples.push({ ...(await changeStatus(org.base, headers, projectId, STATUSES[turn % STATUSES.length]!)), hot });
      }
    }),
  );
  return samples;
}

async function unreadCount(base: string, client: ClientHeaders): Promise<number> {
  const response = await fetch(`${base}/api/notifications/unread/count`, { headers: client });
  const body = (await response.json()) as { count: number };
  return body.count;
}

/** From a status change's answer to the member's unread count having risen (polled every 10 ms, as fast as the API answers). */
async function fanOutDelays(org: Organization, client: ClientHeaders, member: ClientHeaders, samples: number): Promise<number[]> {
  const delays: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const before = await unreadCount(org.base, member);
    const change = await changeStatus(org.base, client, org.hotProjectId, STATUSES[index % STATUSES.length]!);
    if (!change.ok) continue;
    const answered = performance.now();
    const deadline = answered + 30_000;
    while ((await unreadCount(org.base, member)) <= before && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    delays.push(performance.now() - answered);
  }
  return delays;
}

/** Each client's interval in the paced phase. */
const PACE_MS = 1000;

const per = (samples: Sample[], pick: (sample: Sample) => number) =>
  Math.round((samples.reduce((sum, sample) => sum + pick(sample), 0) / Math.max(1, samples.length)) * 100) / 100;

export async function measureWriteContention(
  org: Organization,
  options: { seconds: number; fanOutSamples: number },
): Promise<WriteContentionFigures> {
  // One after another: 20 bcrypt checks at once outlast the handler's time on two busy cores.
  // Each client from an address of its own (bench/client-addresses.ts).
  const address = phaseAddresses('writes');
  const signedIn = async (email: string): Promise<ClientHeaders> => {
    const from = address();
    return { cookie: await signIn(org.base, email, org.password, from), ...fromAddress(from) };
  };
  const clients: ClientHeaders[] = [];
  for (const email of org.emails) clients.push(await signedIn(email));
  const member = await signedIn(org.memberEmail);
  const single = await contend(org, clients.slice(0, 1), Math.max(2, Math.round(options.seconds / 3)));
  const samples = await contend(org, clients, options.seconds);
  const paced = await contend(org, clients, options.seconds, PACE_MS);
  // 409 and 503 are what contention costs (the figures); a refusal is the bench's sessions gone wrong.
  const byStatus = (all: Sample[]) =>
    all.reduce<Record<string, number>>(
      (counts, sample) => ({ ...counts, [sample.status]: (counts[sample.status] ?? 0) + 1 }),
      {},
    );
  assertNoRefusals('the write phase', byStatus([...single, ...samples, ...paced]));
  const pacedTimes = (pick: (sample: Sample) => boolean) => paced.filter(pick).map((sample) => sample.ms);
  const times = samples.map((sample) => sample.ms);
  const delays = await fanOutDelays(org, clients[0]!, member, options.fanOutSamples);
  const round = round1;
  return {
    clients: clients.length,
    seconds: options.seconds,
    changes: samples.length,
    changesPerSecond: round(samples.length / options.seconds),
    failed: samples.filter((sample) => !sample.ok).length,
    failedByStatus: samples
      .filter((sample) => !sample.ok)
      .reduce<Record<string, number>>(
        (byStatus, sample) => ({ ...byStatus, [sample.status]: (byStatus[sample.status] ?? 0) + 1 }),
        {},
      ),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    singleClientP95: percentile(
      single.map((sample) => sample.ms),
      95,
    ),
    hotP95: percentile(
      samples.filter((sample) => sample.hot).map((sample) => sample.ms),
      95,
    ),
    coldP95: percentile(
      samples.filter((sample) => !sample.hot).map((sample) => sample.ms),
      95,
    ),
    paced: {
      everyMs: PACE_MS,
      changes: paced.length,
      failed: paced.filter((sample) => !sample.ok).length,
      p50: percentile(
        pacedTimes(() => true),
        50,
      ),
      p95: percentile(
        pacedTimes(() => true),
        95,
      ),
      hotP95: percentile(
        pacedTimes((sample) => sample.hot === true),
        95,
      ),
      coldP95: percentile(
        pacedTimes((sample) => !sample.hot),
        95,
      ),
    },
    cancelledPerChange: per(samples, (sample) => sample.cancelled),
    retriesPerChange: per(samples, (sample) => Math.max(0, sample.transactions - 1)),
    tableUnitsPerChange: per(samples, (sample) => sample.tableUnits),
    indexUnitsPerChange: per(samples, (sample) => sample.indexUnits),
    fanOut: { samples: delays.length, p50: percentile(delays, 50), p95: percentile(delays, 95) },
  };
}
