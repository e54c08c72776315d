import { UNREAD_COUNT_POLL_MS } from '../shared/limits';
import { PROJECT_STATUSES } from '../shared/project-statuses';
import { signIn } from './api-client';
import { fromAddress, phaseAddresses } from './client-addresses';
import { BUSY, SetUpError, assertMostlySucceeded, assertNoRefusals } from './set-up-checks';
import { percentile, round1 } from './stats';

export interface LoadFigures {
  clients: number;
  seconds: number;
  requests: number;
  errors: number;
  errorSamples: string[];
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  byKind: Record<string, number>;
  /**
   * The mix as one person's hour (docs/scale.md): an open tab polls the unread count every
   * UNREAD_COUNT_POLL_MS, so the mix's polls set its pace and its other requests come in proportion.
   */
  requestsPerUserHour: number;
  /** How many such people this run's throughput would serve at once: req/s × 3600 ÷ requestsPerUserHour. */
  usersServed: number;
}

export interface LoadPlan {
  baseUrl: string;
  /** One account a client (client i signs in as users[i]), so each client's sign-ins count on its account alone. */
  users: { email: string }[];
  password: string;
  projectIds: string[];
  clients: number;
  seconds: number;
}

/** How many iterations a client runs before it signs in again (a tab closed and reopened). */
const SIGN_IN_EVERY = 20;

/**
 * `clients` closed-loop clients, each with its own account, address, session and share of the
 * projects (so they never race on one project): list, open, change a status and poll the unread
 * count (three polls per round: the count is the route every open tab hits most), and sign in again
 * every SIGN_IN_EVERY rounds, for `seconds`. Every client makes at least one round. A 401, or more
 * than 1 % of failed requests, fails the bench (bench/set-up-checks.ts): the figures would be of the
 * bench's sessions, not the product.
 */
export async function runLoad(plan: LoadPlan): Promise<LoadFigures> {
  if (plan.users.length < plan.clients)
    throw new SetUpError(
      `the load phase has ${plan.users.length} accounts for ${plan.clients} clients: each client signs in as an account of its own`,
    );
  const times: number[] = [];
  const byKind: Record<string, number> = {};
  const byStatus: Record<string, number> = {};
  const errorSamples: string[] = [];
  let errors = 0;
  /** Requests sent, answered or not (`times` holds the answered ones). */
  let sent = 0;
  const address = phaseAddresses('load');

  const timed = async (kind: string, send: () => Promise<Response>) => {
    sent += 1;
    const started = performance.now();
    try {
      const response = await send();
      await response.arrayBuffer();
      times.push(performance.now() - started);
      byKind[kind] = (byKind[kind] ?? 0) + 1;
      byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
      if (response.status >= 400) {
        errors += 1;
        if (errorSamples.length < 10) errorSamples.push(`${kind}: ${response.status}`);
      }
    } catch (error) {
      errors += 1;
      if (errorSamples.length < 10) errorSamples.push(`${kind}: ${(error as Error).message}`);
    }
  };

  // Signed in one after another before the clock starts: 50 bcrypt checks at once on the emulator's one
  // thread outlast the database client's timeout on two busy cores (503s), a storm no tab makes.
  const clients: { cookie: string; from: string }[] = [];
  for (const user of plan.users.slice(0, plan.clients)) {
    const from = address();
    clients.push({ cookie: await signIn(plan.baseUrl, user.email, plan.password, from), from });
  }
  const deadline = Date.now() + plan.seconds * 1000;

  const client = async (index: number) => {
    const user = plan.users[index]!;
    let { cookie } = clients[index]!;
    const { from } = clients[index]!;
    const mine = plan.projectIds.filter((_, i) => i % plan.clients === index);
    for (let round = 0; round === 0 || Date.now() < deadline; round += 1) {
      // Each client at its own round of the cycle, so the tabs reopen spread out as people's do.
      if (round > 0 && (round + index) % SIGN_IN_EVERY === 0) {
        sent += 1;
        const started = performance.now();
        try {
          cookie = await signIn(plan.baseUrl, user.email, plan.password, from);
          times.push(performance.now() - started);
          byKind.signIn = (byKind.signIn ?? 0) + 1;
        } catch (error) {
          errors += 1;
          if (errorSamples.length < 10) errorSamples.push(`signIn: ${(error as Error).message}`);
          continue;
        }
      }
      const headers = { cookie, ...fromAddress(from) };
      const projectId = mine[round % mine.length]!;
      await timed('list', () => fetch(`${plan.baseUrl}/api/projects`, { headers }));
      await timed('open', () => fetch(`${plan.baseUrl}/api/projects/${projectId}`, { headers }));
      await timed('updateStatus', () =>
        fetch(`${plan.baseUrl}/api/projects/${projectId}`, {
          method: 'PATCH',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ status: PROJECT_STATUSES[round % PROJECT_STATUSES.length] }),
        }),
      );
      for (let poll = 0; poll < 3; poll += 1)
        await timed('pollCount', () => fetch(`${plan.baseUrl}/api/notifications/unread/count`, { headers }));
    }
  };

  const started = performance.now();
  await Promise.all(Array.from({ length: plan.clients }, (_, index) => client(index)));
  const elapsed = (performance.now() - started) / 1000;
  assertNoRefusals('the load phase', byStatus);
  assertMostlySucceeded('the load phase', { requests: sent, errors, busy: byStatus[BUSY] ?? 0, errorSamples });
  const pollsPerHour = 3_600_000 / UNREAD_COUNT_POLL_MS;
  const requestsPerUserHour = byKind.pollCount ? round1((times.length / byKind.pollCount) * pollsPerHour) : 0;
  return {
    clients: plan.clients,
    seconds: round1(elapsed),
    requests: times.length,
    errors,
    errorSamples,
    rps: round1(times.length / elapsed),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    byKind,
    requestsPerUserHour,
    usersServed: requestsPerUserHour ? Math.floor(((times.length / elapsed) * 3600) / requestsPerUserHour) : 0,
  };
}
