import { formatISO, parseISO, startOfISOWeek, subWeeks } from 'date-fns';
import type { ActivityEntryResponse } from '../../shared/schemas/activity';
import { CREATED_WEEKS, DASHBOARD_LIST_SIZE, type DashboardResponse } from '../../shared/schemas/dashboard';
import { type FiguresItem, createdInWeek, statusCounts } from '../projects/figures';
import type { CountedList } from './reads';

interface DashboardInput {
  /** 'YYYY-MM-DD' (UTC) from the functions' clock. */
  today: string;
  /** Kept by the stream consumer from the project changes' events (functions/projects/figures-from-events.ts). */
  figures: FiguresItem | undefined;
  overdue: CountedList;
  dueSoon: CountedList;
  mine: CountedList;
  recentActivity: ActivityEntryResponse[];
}

const day = (date: Date) => formatISO(date, { representation: 'date' });

const shown = (list: CountedList) => ({
  count: list.count,
  ...(list.more ? { more: list.more } : {}),
  projects: list.projects.slice(0, DASHBOARD_LIST_SIZE),
});

/**
 * The dashboard's answer: totals and the weekly chart from the counters, the lists from their
 * bounded reads (completed projects are never due soon or overdue; both lists run by due date, the
 * most overdue first; my projects newest first).
 */
export function dashboardFigures(input: DashboardInput): DashboardResponse {
  const counts = statusCounts(input.figures);
  const thisWeek = startOfISOWeek(parseISO(input.today));
  const weeks = Array.from({ length: CREATED_WEEKS }, (_, index) => day(subWeeks(thisWeek, CREATED_WEEKS - 1 - index)));
  return {
    today: input.today,
    counts: { total: Object.values(counts).reduce((sum, count) => sum + count, 0), ...counts },
    dueSoon: shown(input.dueSoon),
    overdue: shown(input.overdue),
    myProjects: shown(input.mine),
    createdPerWeek: weeks.map((weekStart) => ({ weekStart, count: createdInWeek(input.figures, weekStart) })),
    recentActivity: input.recentActivity,
  };
}
