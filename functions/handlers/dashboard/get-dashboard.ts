import * as dashboardEndpoints from '../../../shared/contract/dashboard';
import { today } from '../../clock';
import { dashboardFigures } from '../../dashboard/figures';
import { dueSoonThrough } from '../../projects/due-soon';
import { dueSoonProjects, myRecentProjects, overdueProjects } from '../../dashboard/reads';
import { listRecentActivity } from '../../projects/activity';
import { preloadFigures } from '../../projects/projects';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/**
 * Two round trips (six calls) whatever the number of projects: the figures item (counters by status and week)
 * comes with the session, then five bounded Queries side by side: overdue and due soon from the
 * open-due index, the newest projects and the caller's memberships (their projects among the newest),
 * and the organization's activity feed.
 */
export const handler = defineRoute(dashboardEndpoints.summary, { preload: preloadFigures }, async ({ session, preloaded: figures }) => {
  const orgId = session.org.id;
  const day = today();
  const [overdue, dueSoon, mine, recentActivity] = await Promise.all([
    overdueProjects(orgId, day),
    dueSoonProjects(orgId, day, dueSoonThrough(day)),
    myRecentProjects(orgId, session.user.id),
    listRecentActivity(orgId),
  ]);
  return ok(dashboardFigures({ today: day, figures, overdue, dueSoon, mine, recentActivity }));
});
