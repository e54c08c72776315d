import { NotFound } from '../../domain/errors';
import * as projectEndpoints from '../../../shared/contract/projects';
import { PROJECT_NOT_FOUND, deleteProject, preloadProjectAndFigures } from '../../projects/projects';
import { actorOf, auditPut } from '../../audit-log/entries';
import { auditClient } from '../../http/audit-client';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { isProjectId } from '../../projects/item';

/** Two round trips: the project and the figures item come with the session, then one transaction. */
export const handler = defineRoute(projectEndpoints.remove, { preload: preloadProjectAndFigures }, async (request) => {
  const { session, params, preloadedAll } = request;
  if (!isProjectId(params.id)) throw new NotFound(PROJECT_NOT_FOUND);
  const [project, figures] = preloadedAll;
  await deleteProject(session.org.id, params.id, session.user, { project, figures }, (deleted) =>
    auditPut(session.org.id, { action: 'project.deleted', actor: actorOf(session.user), target: { type: 'project', id: deleted.id, label: deleted.name }, details: { status: deleted.status } }, auditClient(request)),
  );
  return ok({ id: params.id });
});
