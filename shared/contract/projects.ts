import * as z from 'zod/mini';
import { organizationUserResponse } from '../schemas/account';
import {
  createProjectRequest,
  projectDetailResponse,
  projectMemberResponse,
  projectResponse,
  setProjectMembersRequest,
  updateProjectRequest,
} from '../schemas/projects';
import { activityPageQuery, activityPageResponse } from '../schemas/activity';
import { endpoint } from './endpoint';

/** Projects of the caller's organization and their members (spec sections 4 and 7). */
export const projectEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/projects', auth: 'required', response: z.array(projectResponse) }),
  create: endpoint({ method: 'POST', path: '/api/projects', auth: 'required', body: createProjectRequest, response: projectResponse }),
  detail: endpoint({ method: 'GET', path: '/api/projects/{id}', auth: 'required', response: projectDetailResponse }),
  update: endpoint({ method: 'PATCH', path: '/api/projects/{id}', auth: 'required', body: updateProjectRequest, response: projectResponse }),
  remove: endpoint({ method: 'DELETE', path: '/api/projects/{id}', auth: 'required', response: z.object({ id: z.string() }) }),
  members: endpoint({ method: 'GET', path: '/api/projects/{id}/members', auth: 'required', response: z.array(projectMemberResponse) }),
  setMembers: endpoint({
    method: 'PUT',
    path: '/api/projects/{id}/members',
    auth: 'required',
    body: setProjectMembersRequest,
    response: z.array(projectMemberResponse),
  }),
  /** The project's activity, newest first, ACTIVITY_PAGE_SIZE entries a page. */
  activity: endpoint({
    method: 'GET',
    path: '/api/projects/{id}/activity',
    auth: 'required',
    query: activityPageQuery,
    response: activityPageResponse,
  }),
  /** The people a project's member pickers offer: every user of the organization. */
  organizationUsers: endpoint({
    method: 'GET',
    path: '/api/organization-users',
    auth: 'required',
    response: z.array(organizationUserResponse),
  }),
};
