import { activityPageQuery, activityPageResponse } from '../schemas/activity';
import {
  createProjectRequest,
  deletedProjectResponse,
  projectDetailResponse,
  projectListQuery,
  projectListResponse,
  projectMembersResponse,
  projectResponse,
  setProjectMembersRequest,
  updateProjectRequest,
} from '../schemas/projects';
import { endpoint } from './endpoint';

// Projects of the caller's organization and their members (spec sections 4 and 7).

/**
 * One page of the organization's projects (creation order unless sorted). Headers: `Link: <…>;
 * rel="next"` while there is more, `X-Total-Count` when the organization's counters tell it.
 */
export const list = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/projects',
  auth: 'required',
  query: projectListQuery,
  response: projectListResponse,
  apiKeyScope: 'projects:read',
});
/** Idempotent: a retried submit with its Idempotency-Key never makes a second project. */
export const create = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/projects',
  auth: 'required',
  idempotent: true,
  body: createProjectRequest,
  response: projectResponse,
  apiKeyScope: 'projects:write',
});
export const detail = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/projects/{id}',
  auth: 'required',
  response: projectDetailResponse,
  apiKeyScope: 'projects:read',
});
export const update = /* @__PURE__ */ endpoint({
  method: 'PATCH',
  path: '/api/projects/{id}',
  auth: 'required',
  body: updateProjectRequest,
  response: projectResponse,
  apiKeyScope: 'projects:write',
});
export const remove = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/projects/{id}',
  auth: 'required',
  response: deletedProjectResponse,
  apiKeyScope: 'projects:write',
});
export const members = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/projects/{id}/members',
  auth: 'required',
  response: projectMembersResponse,
  apiKeyScope: 'projects:read',
});
export const setMembers = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/projects/{id}/members',
  auth: 'required',
  body: setProjectMembersRequest,
  response: projectMembersResponse,
  apiKeyScope: 'projects:write',
});
/** The project's activity, newest first, ACTIVITY_PAGE_SIZE entries a page. */
export const activity = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/projects/{id}/activity',
  auth: 'required',
  query: activityPageQuery,
  response: activityPageResponse,
  apiKeyScope: 'projects:read',
});
