import * as commentEndpoints from '../../../shared/contract/comments';
import { preloadComment } from '../../comments/reads';
import { deleteComment } from '../../comments/writes';
import { NotFound } from '../../domain/errors';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { PROJECT_NOT_FOUND } from '../../projects/messages';

/** Two calls: the project and the comment come with the session, then one transaction. */
export const handler = defineRoute(commentEndpoints.remove, { preload: preloadComment }, async (request) => {
  const {
    session,
    params,
    preloadedAll: [project, comment],
  } = request;
  if (!project) throw new NotFound(PROJECT_NOT_FOUND);
  await deleteComment(writeContext(session.user, request), project, comment);
  return ok({ id: params.commentId });
});
