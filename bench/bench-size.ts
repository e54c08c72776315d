import { DEFAULT_QUERIES } from './browser-scale';

/**
 * How long and how often each phase measures. Only these numbers differ between a full run, `--quick`
 * and `--tiny`: every mode seeds the same organizations (`--tiny` smaller ones), signs in the same way
 * and sets every phase up alike, so a short run meets every set-up failure a full one would.
 */
export interface BenchSize {
  /**
   * The seeded organizations' sizes: bench-main's and bench-load's projects and unread notifications
   * per user, and the scale phase's organizations of 10, 100 and 1,000 projects. The same organizations
   * and accounts in every mode; `--tiny` only makes them smaller, to seed in seconds rather than minutes.
   */
  seeds: { projects: number; notificationsPerUser: number; scaleProjects: readonly [number, number, number] };
  /** Seconds of each timed phase. */
  seconds: { latency: number; throughput: number; floor: number; scale: number; writes: number; load: number };
  /** Fewest interleaved samples of a route's latency. */
  minLatencySamples: number;
  /** Fewest requests a slow route's throughput is driven to (bench/http-latency.ts's own when absent). */
  minThroughputRequests?: { minRequests: number };
  /** Fresh processes per handler. */
  coldRuns: number;
  /** Every handler, or those whose requests need a set-up of their own (bench/cold-start-requests.ts) and one plain one. */
  coldHandlers: 'all' | 'own-set-up';
  /** Password resets timed to the inbox, and outbox items written at once. */
  resets: number;
  mails: number;
  /** Status changes timed to their automation's comment (issue 64). */
  automationSamples: number;
  /** GET /api/projects pairs, a session's and a key's (issue 65). */
  apiKeySamples: number;
  /** Summaries and recommendation pairs (issue 67); summaries stay below the daily allowance of 200. */
  assistantSamples: number;
  lighthousePages: string[];
  browserRuns: number;
  browserQueries: string[];
  fanOutSamples: number;
  /**
   * The scale bench's large organization, its small ones, and the projects and users of its
   * word-search organization: above SUBSTRING_SEARCH_MAX_ITEMS, so `q` is answered from the word
   * index as at 50,000; at 1,500 with a full page of 100 results (one name in about 12 has 'launch';
   * 611 people begin with 'staff1'). The 150-project one answers q by reading every project, a
   * different route in all but its path.
   */
  apiScale: { projects: number; users: number; smallOrganizations: number; samples: number; wordSearch: number };
}

export type BenchMode = 'full' | 'quick' | 'tiny';

export const BENCH_SIZES: Record<BenchMode, BenchSize> = {
  full: {
    seeds: { projects: 200, notificationsPerUser: 50, scaleProjects: [10, 100, 1000] },
    seconds: { latency: 6, throughput: 4, floor: 3, scale: 3, writes: 30, load: 60 },
    minLatencySamples: 20,
    coldRuns: 20,
    coldHandlers: 'all',
    resets: 20,
    mails: 300,
    automationSamples: 20,
    apiKeySamples: 300,
    assistantSamples: 100,
    lighthousePages: ['/', '/auth'],
    browserRuns: 7,
    browserQueries: DEFAULT_QUERIES,
    fanOutSamples: 20,
    apiScale: { projects: 50_000, users: 5_000, smallOrganizations: 200, samples: 60, wordSearch: 1_500 },
  },
  quick: {
    seeds: { projects: 200, notificationsPerUser: 50, scaleProjects: [10, 100, 1000] },
    seconds: { latency: 1, throughput: 1, floor: 1, scale: 1, writes: 5, load: 8 },
    minLatencySamples: 5,
    coldRuns: 2,
    coldHandlers: 'all',
    resets: 5,
    mails: 50,
    automationSamples: 5,
    apiKeySamples: 50,
    assistantSamples: 20,
    lighthousePages: ['/', '/auth'],
    browserRuns: 2,
    browserQueries: DEFAULT_QUERIES.slice(0, 2),
    fanOutSamples: 3,
    apiScale: { projects: 5_000, users: 500, smallOrganizations: 20, samples: 10, wordSearch: 1_500 },
  },
  /**
   * The end-to-end test's (test/integration/platform/bench-runs-whole.test.ts): each phase set up as
   * always and measured at least once, in about two minutes. Its figures are not for the record.
   */
  tiny: {
    // bench-load keeps a project for each of its 50 clients.
    seeds: { projects: 50, notificationsPerUser: 2, scaleProjects: [10, 20, 100] },
    seconds: { latency: 0.2, throughput: 0.2, floor: 0.2, scale: 0.2, writes: 1, load: 2 },
    minLatencySamples: 2,
    minThroughputRequests: { minRequests: 4 },
    // Two, so a set-up that works only once (a reused email, a spent target) shows as a second status.
    coldRuns: 2,
    coldHandlers: 'own-set-up',
    resets: 2,
    mails: 5,
    automationSamples: 2,
    apiKeySamples: 2,
    assistantSamples: 2,
    lighthousePages: ['/auth'],
    browserRuns: 1,
    browserQueries: DEFAULT_QUERIES.slice(0, 1),
    fanOutSamples: 1,
    // Past the 1,000 a deep page and a search take their large-organization paths at (bench/api-scale.ts).
    apiScale: { projects: 1_001, users: 101, smallOrganizations: 2, samples: 1, wordSearch: 1_001 },
  },
};
