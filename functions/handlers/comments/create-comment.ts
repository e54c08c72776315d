import * as commentEndpoints from '../../../shared/contract/comments';
import { toCommentResponse } from '../../comments/item';
import { mentionedUsers, preloadProjectAndMentions } from '../../comments/reads';
import { createComment } from '../../comments/writes';
import { NotFound } from '../../domain/errors';
import { writeContext } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { created } from '../../http/response';
import { PROJECT_NOT_FOUND } from '../../projects/messages';

/** Two calls: the project and the people mentioned come with the session, then one transaction. */
export const handler = defineRoute(commentEndpoints.create, { preload: preloadProjectAndMentions }, async (request) => {
  const {
    session,
    body,
    preloadedAll: [project, ...people],
  } = request;
  if (!project) throw new NotFound(PROJECT_NOT_FOUND);
  return created(
    toCommentResponse(await createComment(writeContext(session.user, request), project, body, mentionedUsers(people))),
  );
});
