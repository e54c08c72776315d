import * as dashboardEndpoints from '../../../shared/contract/dashboard';
import { today } from '../../clock';
import { dashboardFigures } from '../../dashboard/figures';
import { dueSoonProjects, myRecentProjects, overdueProjects } from '../../dashboard/reads';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { listRecentActivity } from '../../projects/activity';
import { dueSoonThrough } from '../../projects/due-soon';
import { preloadFigures } from '../../projects/reads';

/**
 * Six calls in three round trips whatever the number of projects: the figures item (counters by
 * status and week) comes with the session, then four bounded Queries side by side: overdue and due
 * soon from the open-due index, the caller's newest memberships, and the organization's activity
 * feed; then the few projects 'my projects' shows, by key (docs/decisions/065).
 */
export const handler = defineRoute(
  dashboardEndpoints.summary,
  { preload: preloadFigures },
  async ({ session, preloaded: figures }) => {
    const orgId = session.org.id;
    const day = today();
    const [overdue, dueSoon, mine, recentActivity] = await Promise.all([
      overdueProjects(orgId, day),
      dueSoonProjects(orgId, day, dueSoonThrough(day)),
      myRecentProjects(orgId, session.user.id),
      listRecentActivity(orgId),
    ]);
    return ok(dashboardFigures({ today: day, figures, overdue, dueSoon, mine, recentActivity }));
  },
);
