import { percentile } from './stats';

export interface InterleavedFigures {
  p50: number;
  p95: number;
  p99: number;
  samples: number;
  /** The route's calls straight to DynamoDB, timed right after each request. */
  floor: { p50: number; p95: number; p99: number };
}

/**
 * One client, alternating: the route through the emulator, then the DynamoDB calls that route
 * makes, sent straight to DynamoDB Local. Both see the same moment's machine (this one is
 * shared), so the ratio of their medians is the cost of everything between HTTP and DynamoDB.
 */
export async function measureInterleaved(
  route: () => Promise<unknown>,
  floorCalls: (() => Promise<unknown>)[],
  options: { seconds: number; minSamples: number },
): Promise<InterleavedFigures> {
  const timeOne = async (call: () => Promise<unknown>) => {
    const started = performance.now();
    await call();
    return performance.now() - started;
  };
  for (let i = 0; i < 5; i += 1) {
    await route();
    for (const call of floorCalls) await call();
  }
  const routeTimes: number[] = [];
  const floorTimes: number[] = [];
  const end = performance.now() + options.seconds * 1000;
  while (performance.now() < end || routeTimes.length < options.minSamples) {
    routeTimes.push(await timeOne(route));
    let floor = 0;
    for (const call of floorCalls) floor += await timeOne(call);
    floorTimes.push(floor);
  }
  return {
    p50: percentile(routeTimes, 50),
    p95: percentile(routeTimes, 95),
    p99: percentile(routeTimes, 99),
    samples: routeTimes.length,
    floor: { p50: percentile(floorTimes, 50), p95: percentile(floorTimes, 95), p99: percentile(floorTimes, 99) },
  };
}
