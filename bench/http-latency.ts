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
export async function measureHttp(target: HttpTarget, options: { connections: number; seconds: number }): Promise<LatencyFigures> {
  const times: number[] = [];
  const run = autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
  });
  run.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  const result = await run;
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: Math.round((result.requests.total / options.seconds) * 10) / 10,
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}
