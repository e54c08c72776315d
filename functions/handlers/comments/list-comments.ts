import * as commentEndpoints from '../../../shared/contract/comments';
import { listComments } from '../../comments/reads';
import { NotFound } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { PROJECT_NOT_FOUND } from '../../projects/messages';
import { preloadProject } from '../../projects/reads';

/** Two calls whatever the number of comments: the project (it must be the organization's) with the session, then one Query. */
export const handler = defineRoute(
  commentEndpoints.list,
  { preload: preloadProject },
  async ({ session, params, query, preloaded }) => {
    if (!preloaded) throw new NotFound(PROJECT_NOT_FOUND);
    return ok(await listComments(session.org.id, params.id, query.cursor));
  },
);
