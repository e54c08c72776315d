/** A filter pattern of Lambda's event source mappings: nested keys, each ending in a list of allowed values. */
export type FilterPattern = { readonly [key: string]: FilterPattern | readonly (string | number | boolean)[] };

/**
 * Whether a record matches a pattern as Lambda decides it for the exact-value patterns we use:
 * every key of the pattern must be present, and a list means "one of these values".
 */
export function matchesFilter(pattern: FilterPattern, value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(pattern).every(([key, expected]) =>
    Array.isArray(expected) ? expected.includes(record[key] as never) : matchesFilter(expected as FilterPattern, record[key]),
  );
}
