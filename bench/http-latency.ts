import autocannon from 'autocannon';
import { percentile } from './stats';

export interface LatencyFigures {
  p50: number;
  p95: number;
  p99: number;
  /** Requests per second (mean over the run). */
  rps: number;
  requests: number;
  /** Non-2xx answers plus connection errors and timeouts. */
  errors: number;
  /** Of which 503s: the database too slow to answer on a loaded machine (bench/set-up-checks.ts). */
  busy: number;
}

export interface HttpTarget {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Drives one request shape with autocannon for `seconds` over `connections` connections.
 * Percentiles come from every response's own time (autocannon's summary has no p95).
 */
/** `minRequests`: the fewest a slow route is driven by count to (4 a connection, at least 20, when omitted). */
export async function measureHttp(
  target: HttpTarget,
  options: { connections: number; seconds: number; minRequests?: number },
): Promise<LatencyFigures> {
  // A route slower than the window allows for a few dozen answers is driven by count instead.
  const started = performance.now();
  await fetch(target.url, { method: target.method ?? 'GET', headers: target.headers, body: target.body }).then((response) =>
    response.arrayBuffer(),
  );
  const oneRequestMs = performance.now() - started;
  // At least one request a connection: autocannon refuses fewer.
  const minRequests = Math.max(options.connections, options.minRequests ?? Math.max(20, options.connections * 4));
  const byCount = (oneRequestMs * minRequests) / options.connections > options.seconds * 1000;
  const times: number[] = [];
  // Without a callback autocannon answers its tracker (an EventEmitter) made thenable; the types say Promise.
  const run = autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: options.connections,
    ...(byCount ? { amount: minRequests } : { duration: options.seconds }),
    timeout: 10,
  });
  let busy = 0;
  (run as unknown as NodeJS.EventEmitter).on(
    'response',
    (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      times.push(responseTime);
      if (status === 503) busy += 1;
    },
  );
  const runStarted = performance.now();
  const result = await run;
  const elapsedSeconds = (performance.now() - runStarted) / 1000;
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: Math.round((result.requests.total / elapsedSeconds) * 10) / 10,
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
    busy,
  };
}
