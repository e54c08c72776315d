import { addDays, formatISO, parseISO, startOfISOWeek, subWeeks } from 'date-fns';
import type { ActivityEntryResponse } from '../../shared/schemas/activity';
import {
  CREATED_WEEKS,
  DASHBOARD_LIST_SIZE,
  DUE_SOON_DAYS,
  type DashboardProject,
  type DashboardResponse,
} from '../../shared/schemas/dashboard';
import type { ProjectStatus } from '../../shared/project-statuses';
import { compareOrdinal } from '../domain/compare-ordinal';

/** What the dashboard needs of a project (the Query projects only these attributes). */
export interface ProjectSummary {
  id: string;
  name: string;
  status: ProjectStatus;
  dueDate: string | null;
  memberIds: string[];
  createdAt: string;
}

interface DashboardInput {
  /** 'YYYY-MM-DD' (UTC) from the functions' clock. */
  today: string;
  userId: string;
  /** Kept by every project change in the same transaction (functions/projects/figures.ts). */
  counts: Record<ProjectStatus, number>;
  projects: ProjectSummary[];
  recentActivity: ActivityEntryResponse[];
}

const day = (date: Date) => formatISO(date, { representation: 'date' });
const summary = ({ id, name, status, dueDate }: ProjectSummary): DashboardProject => ({ id, name, status, dueDate: dueDate ?? null });
const listOf = (projects: ProjectSummary[]) => ({ count: projects.length, projects: projects.slice(0, DASHBOARD_LIST_SIZE).map(summary) });
const byDueDate = (a: ProjectSummary, b: ProjectSummary) => compareOrdinal(a.dueDate ?? '', b.dueDate ?? '') || compareOrdinal(a.id, b.id);

/**
 * The dashboard's answer. Totals come from the counters; lists and the weekly chart from the
 * projects. Completed projects are never due soon or overdue; both lists run by due date, the
 * most overdue first.
 */
export function dashboardFigures(input: DashboardInput): DashboardResponse {
  const { today, counts, projects } = input;
  const todayDate = parseISO(today);
  const soonEnd = day(addDays(todayDate, DUE_SOON_DAYS));
  const open = projects.filter((project) => project.status !== 'completed' && project.dueDate);
  const overdue = open.filter((project) => project.dueDate! < today).sort(byDueDate);
  const dueSoon = open.filter((project) => project.dueDate! >= today && project.dueDate! <= soonEnd).sort(byDueDate);
  const mine = projects.filter((project) => project.memberIds?.includes(input.userId)).sort((a, b) => compareOrdinal(b.id, a.id));

  const thisWeek = startOfISOWeek(todayDate);
  const weeks = Array.from({ length: CREATED_WEEKS }, (_, index) => day(subWeeks(thisWeek, CREATED_WEEKS - 1 - index)));
  const createdPerWeek = weeks.map((weekStart) => ({ weekStart, count: 0 }));
  for (const project of projects) {
    const weekStart = day(startOfISOWeek(parseISO(project.createdAt.slice(0, 10))));
    const bucket = createdPerWeek.find((week) => week.weekStart === weekStart);
    if (bucket) bucket.count += 1;
  }

  return {
    today,
    counts: { total: Object.values(counts).reduce((sum, count) => sum + count, 0), ...counts },
    dueSoon: listOf(dueSoon),
    overdue: listOf(overdue),
    myProjects: listOf(mine),
    createdPerWeek,
    recentActivity: input.recentActivity,
  };
}
