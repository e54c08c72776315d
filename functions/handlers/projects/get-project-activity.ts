import * as projectEndpoints from '../../../shared/contract/projects';
import { NotFound } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { listProjectActivity } from '../../projects/activity';
import { PROJECT_NOT_FOUND } from '../../projects/messages';
import { preloadProject } from '../../projects/reads';

/** Two round trips: the project (it must exist in the caller's organization) with the session, then one Query. */
export const handler = defineRoute(
  projectEndpoints.activity,
  { preload: preloadProject },
  async ({ session, params, query, preloaded }) => {
    if (!preloaded) throw new NotFound(PROJECT_NOT_FOUND);
    return ok(await listProjectActivity(session.org.id, params.id, query.cursor));
  },
);
