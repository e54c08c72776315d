import type { ChangeEventItem } from '../events/change-event';
import { statusMoved } from './figures';
import type { ProjectItem, StatusTrail } from './item';

/** A move of the counters and the event whose mark counts it once. */
export type CountedMove = Pick<ChangeEventItem, 'id' | 'orgId' | 'figures'>;

/**
 * The status moves among a stream batch's new items: each project write that set a status, from
 * the status it replaced (copied by the write itself, so exact under any race) to its own, named by
 * the event written with it. Each write's record carries its own pair; the sum of all of them is the
 * item's whole history, in whatever order they are counted. A later write that set no status copies
 * the status over itself (no move) or, if it is not a project change of ours, repeats an event
 * already marked: the mark refuses it. One move per event here, since one transaction cannot mark
 * an event twice.
 */
export function statusMovesOf(items: unknown[]): CountedMove[] {
  const moves = new Map<string, CountedMove>();
  for (const item of items as (Partial<ProjectItem> & StatusTrail)[]) {
    if (item.type !== 'PROJECT' || !item.statusEventId || !item.statusFrom || !item.status || !item.orgId) continue;
    if (item.statusFrom === item.status || moves.has(item.statusEventId)) continue;
    moves.set(item.statusEventId, {
      id: item.statusEventId,
      orgId: item.orgId,
      figures: statusMoved(item.statusFrom, item.status),
    });
  }
  return [...moves.values()];
}

/** The figures' moves among a batch's new items: the events' own and the projects' status moves. */
export const figureMovesOf = (items: unknown[]): CountedMove[] => [
  ...(items as ChangeEventItem[]).filter((event) => event.type === 'EVENT'),
  ...statusMovesOf(items),
];
