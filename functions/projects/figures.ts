import type { ActivityEntryResponse } from '../../shared/schemas/activity';
import { RECENT_ACTIVITY_SIZE } from '../../shared/limits';
import { PROJECT_STATUSES, type ProjectStatus } from '../../shared/project-statuses';
import { TABLE_NAME } from '../db/client';
import { keys } from '../db/keys';
import type { TransactItem } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { compareOrdinal } from '../domain/compare-ordinal';

/**
 * `ORG#o / FIGURES#PROJECTS`: the number of the organization's projects in each status
 * (`count_<status>`) and its newest activity entries (`recent_<entry id>`), both changed in the
 * same TransactWriteItems as every project create, status change, member change and delete.
 * Attributes rather than a map, so the first ADD or SET creates the item and nothing has to exist.
 */
export type FiguresItem = Record<string, unknown>;

const COUNT = 'count_';
const RECENT = 'recent_';

export type StatusCounts = Record<ProjectStatus, number>;

export function statusCounts(item: FiguresItem | undefined): StatusCounts {
  const counts = {} as StatusCounts;
  for (const status of PROJECT_STATUSES) counts[status] = Number(item?.[`${COUNT}${status}`] ?? 0);
  return counts;
}

/** The newest entries the item holds, newest first (ids are ULIDs: they sort by time). */
export function recentActivity(item: FiguresItem | undefined): ActivityEntryResponse[] {
  if (!item) return [];
  return Object.keys(item)
    .filter((name) => name.startsWith(RECENT))
    .sort()
    .reverse()
    .slice(0, RECENT_ACTIVITY_SIZE)
    .map((name) => item[name] as ActivityEntryResponse);
}

interface FiguresChange {
  /** +1/-1 per status a project entered or left. */
  deltas: Partial<StatusCounts>;
  /** The entries the change writes. */
  entries: ActivityEntryResponse[];
  /**
   * The item as read before the change (with the session or the project): entries beyond the
   * newest RECENT_ACTIVITY_SIZE, counting the new ones, are removed. An entry is only removed once
   * it has that many newer ones, so concurrent writers never take away one of the newest.
   */
  known: FiguresItem | undefined;
}

/** The UpdateItem of the figures item for one change (no condition: ADD and SET commute). */
export function figuresUpdate(orgId: string, change: FiguresChange): TransactItem {
  const kept = new Set(
    [...Object.keys(change.known ?? {}).filter((name) => name.startsWith(RECENT)), ...change.entries.map((entry) => `${RECENT}${entry.id}`)]
      .sort()
      .reverse()
      .slice(0, RECENT_ACTIVITY_SIZE),
  );
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: keys.projectFigures(orgId),
      ...updateExpression({
        set: Object.fromEntries(change.entries.map((entry) => [`${RECENT}${entry.id}`, entry])),
        add: Object.fromEntries(Object.entries(change.deltas).flatMap(([status, delta]) => (delta ? [[`${COUNT}${status}`, delta]] : []))),
        remove: Object.keys(change.known ?? {}).filter((name) => name.startsWith(RECENT) && !kept.has(name)),
      }),
    },
  };
}

/** A whole figures item for these counts and entries (for seeding an organization written straight into the table). */
export function figuresItem(orgId: string, counts: Partial<StatusCounts>, entries: ActivityEntryResponse[]): FiguresItem {
  const item: FiguresItem = { ...keys.projectFigures(orgId) };
  for (const [status, count] of Object.entries(counts)) item[`${COUNT}${status}`] = count;
  const newest = [...entries].sort((a, b) => compareOrdinal(b.id, a.id)).slice(0, RECENT_ACTIVITY_SIZE);
  for (const entry of newest) item[`${RECENT}${entry.id}`] = entry;
  return item;
}
