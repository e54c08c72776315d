/** The p-th percentile (nearest rank) of a list of numbers, rounded to 0.1. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return round1(sorted[rank]!);
}

export const median = (values: number[]) => percentile(values, 50);

export const round1 = (value: number) => Math.round(value * 10) / 10;
