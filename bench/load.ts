import { UNREAD_COUNT_POLL_MS } from '../shared/limits';
import { PROJECT_STATUSES } from '../shared/project-statuses';
import { signIn } from './api-client';
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
  users: { email: string }[];
  password: string;
  projectIds: string[];
  clients: number;
  seconds: number;
}

/** How many iterations a client runs before it signs in again (a tab closed and reopened). */
const SIGN_IN_EVERY = 20;

/**
 * `clients` closed-loop clients, each with its own session and its own share of the projects (so
 * they never race on one project): sign in, then list, open, change a status and poll the unread
 * count (three polls per round: the count is the route every open tab hits most), for `seconds`.
 */
export async function runLoad(plan: LoadPlan): Promise<LoadFigures> {
  const times: number[] = [];
  const byKind: Record<string, number> = {};
  const errorSamples: string[] = [];
  let errors = 0;
  const deadline = Date.now() + plan.seconds * 1000;

  const timed = async (kind: string, send: () => Promise<Response>) => {
    const started = performance.now();
    try {
      const response = await send();
      await response.arrayBuffer();
      times.push(performance.now() - started);
      byKind[kind] = (byKind[kind] ?? 0) + 1;
      if (response.status >= 400) {
        errors += 1;
        if (errorSamples.length < 10) errorSamples.push(`${kind}: ${response.status}`);
      }
    } catch (error) {
      errors += 1;
      if (errorSamples.length < 10) errorSamples.push(`${kind}: ${(error as Error).message}`);
    }
  };

  const client = async (index: number) => {
    const user = plan.users[index % plan.users.length]!;
    const mine = plan.projectIds.filter((_, i) => i % plan.clients === index);
    let cookie = '';
    for (let round = 0; Date.now() < deadline; round += 1) {
      if (round % SIGN_IN_EVERY === 0) {
        const started = performance.now();
        try {
          cookie = await signIn(plan.baseUrl, user.email, plan.password);
          times.push(performance.now() - started);
          byKind.signIn = (byKind.signIn ?? 0) + 1;
        } catch (error) {
          errors += 1;
          if (errorSamples.length < 10) errorSamples.push(`signIn: ${(error as Error).message}`);
          continue;
        }
      }
      const headers = { cookie };
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
      for (let poll = 0; poll < 3; poll += 1) await timed('pollCount', () => fetch(`${plan.baseUrl}/api/notifications/unread/count`, { headers }));
    }
  };

  const started = performance.now();
  await Promise.all(Array.from({ length: plan.clients }, (_, index) => client(index)));
  const elapsed = (performance.now() - started) / 1000;
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
    usersServed: requestsPerUserHour ? Math.floor((times.length / elapsed) * 3600 / requestsPerUserHour) : 0,
  };
}
