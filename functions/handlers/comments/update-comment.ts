import * as commentEndpoints from '../../../shared/contract/comments';
import { toCommentResponse } from '../../comments/item';
import { mentionedUsers, preloadComment } from '../../comments/reads';
import { updateComment } from '../../comments/writes';
import { NotFound } from '../../domain/errors';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { PROJECT_NOT_FOUND } from '../../projects/messages';

/** Two calls: the project, the comment and the people mentioned come with the session, then one write. */
export const handler = defineRoute(commentEndpoints.update, { preload: preloadComment }, async (request) => {
  const {
    session,
    body,
    preloadedAll: [project, comment, ...people],
  } = request;
  if (!project) throw new NotFound(PROJECT_NOT_FOUND);
  return ok(
    toCommentResponse(await updateComment(writeContext(session.user, request), project, comment, body, mentionedUsers(people))),
  );
});
