import * as dashboardEndpoints from '../../../shared/contract/dashboard';
import { today } from '../../clock';
import { dashboardFigures } from '../../dashboard/figures';
import { recentActivity, statusCounts } from '../../projects/figures';
import { listProjectSummaries, preloadFigures } from '../../projects/projects';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/**
 * Two round trips whatever the number of projects: the figures item (counters and the newest
 * activity) comes with the session, the projects' summaries in one Query.
 */
export const handler = defineRoute(dashboardEndpoints.summary, { preload: preloadFigures }, async ({ session, preloaded: figures }) => {
  const projects = await listProjectSummaries(session.org.id);
  return ok(
    dashboardFigures({
      today: today(),
      userId: session.user.id,
      counts: statusCounts(figures),
      projects,
      recentActivity: recentActivity(figures),
    }),
  );
});
