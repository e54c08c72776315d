import * as z from 'zod/mini';
import { PROJECT_STATUSES } from '../project-statuses';
import { activityEntryResponse } from './activity';

/** How many projects each of the dashboard's lists shows (the rest is behind 'View all'). */
export const DASHBOARD_LIST_SIZE = 5;
/** The created-per-week chart covers this many weeks, the current one included. */
export const CREATED_WEEKS = 12;

const dashboardProject = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    name: z.string(),
    status: z.enum(PROJECT_STATUSES),
    dueDate: z.nullable(z.string()),
  }))();
export type DashboardProject = z.infer<typeof dashboardProject>;

/**
 * A list's first projects and how many there are; `more` (only when true) says the count is a lower
 * bound: the server counts no further than a bounded read (docs/decisions/065).
 */
const projectList = /* @__PURE__ */ (() =>
  z.object({ count: z.number(), more: z.optional(z.literal(true)), projects: z.array(dashboardProject) }))();

/** GET /api/dashboard: the organization's figures as of `today` (UTC, 'YYYY-MM-DD'). */
export const dashboardResponse = /* @__PURE__ */ (() =>
  z.object({
    today: z.string(),
    counts: z.object({
      total: z.number(),
      planning: z.number(),
      in_progress: z.number(),
      completed: z.number(),
      on_hold: z.number(),
    }),
    dueSoon: projectList,
    overdue: projectList,
    myProjects: projectList,
    /** Oldest week first; weeks start on Monday. */
    createdPerWeek: z.array(z.object({ weekStart: z.string(), count: z.number() })),
    recentActivity: z.array(activityEntryResponse),
  }))();
export type DashboardResponse = z.infer<typeof dashboardResponse>;
