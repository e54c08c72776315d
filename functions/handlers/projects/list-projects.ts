import * as projectEndpoints from '../../../shared/contract/projects';
import { listProjects } from '../../projects/projects';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { toProjectResponse } from '../../projects/item';

export const handler = defineRoute(projectEndpoints.list, async ({ session }) =>
  ok((await listProjects(session.org.id)).map(toProjectResponse)),
);
