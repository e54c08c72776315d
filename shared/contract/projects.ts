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
});
/** Idempotent: a retried submit with its Idempotency-Key never makes a second project. */
export const create = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/projects',
  auth: 'required',
  idempotent: true,
  body: createProjectRequest,
  response: projectResponse,
});
export const detail = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/projects/{id}',
  auth: 'required',
  response: projectDetailResponse,
});
export const update = /* @__PURE__ */ endpoint({
  method: 'PATCH',
  path: '/api/projects/{id}',
  auth: 'required',
  body: updateProjectRequest,
  response: projectResponse,
});
export const remove = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/projects/{id}',
  auth: 'required',
  response: deletedProjectResponse,
});
export const members = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/projects/{id}/members',
  auth: 'required',
  response: projectMembersResponse,
});
export const setMembers = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/projects/{id}/members',
  auth: 'required',
  body: setProjectMembersRequest,
  response: projectMembersResponse,
});
/** The project's activity, newest first, ACTIVITY_PAGE_SIZE entries a page. */
export const activity = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/projects/{id}/activity',
  auth: 'required',
  query: activityPageQuery,
  response: activityPageResponse,
});
