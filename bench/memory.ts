import { median, round1 } from './stats';

export interface MemoryFigures {
  /** Median rss (MB) around the 10th second of the load and over its last seconds. */
  rssAt10sMb: number;
  rssAtEndMb: number;
  growthMb: number;
  /** Least-squares slope of rss from the 10th second on (MB per minute). */
  slopeMbPerMin: number;
  samples: number;
  flat: boolean;
}

/** Growth allowed from the 10th second to the end: heap noise, not a leak. */
export const FLAT_TOLERANCE = 0.1;

export function memoryTrend(samples: { at: number; rss: number }[], loadStart: number, loadSeconds: number): MemoryFigures {
  const warm = Math.min(10, loadSeconds / 6);
  const window = Math.max(2, loadSeconds / 12);
  const points = samples
    .map((sample) => ({ t: (sample.at - loadStart) / 1000, mb: sample.rss / 1024 / 1024 }))
    .filter((point) => point.t >= warm);
  const early = points.filter((point) => point.t < warm + window).map((point) => point.mb);
  const late = points.filter((point) => point.t >= loadSeconds - window).map((point) => point.mb);
  if (early.length === 0 || late.length === 0)
    return { rssAt10sMb: NaN, rssAtEndMb: NaN, growthMb: NaN, slopeMbPerMin: NaN, samples: points.length, flat: false };
  const rssAt10sMb = round1(median(early));
  const rssAtEndMb = round1(median(late));
  const n = points.length;
  const meanT = points.reduce((sum, point) => sum + point.t, 0) / n;
  const meanMb = points.reduce((sum, point) => sum + point.mb, 0) / n;
  const slope =
    points.reduce((sum, point) => sum + (point.t - meanT) * (point.mb - meanMb), 0) /
    points.reduce((sum, point) => sum + (point.t - meanT) ** 2, 0);
  const growthMb = round1(rssAtEndMb - rssAt10sMb);
  return {
    rssAt10sMb,
    rssAtEndMb,
    growthMb,
    slopeMbPerMin: round1(slope * 60),
    samples: n,
    flat: growthMb <= rssAt10sMb * FLAT_TOLERANCE,
  };
}
