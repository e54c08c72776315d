/**
 * Orders strings by their UTF-16 code units: for the ASCII ids (ULIDs) and ISO dates we sort, the
 * order DynamoDB gives their keys. Not localeCompare: its first call loads ICU's collator, about
 * 7 ms of a handler's cold start, and a locale's order is not the table's.
 */
export const compareOrdinal = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
