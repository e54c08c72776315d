import {
  commentPageQuery,
  commentPageResponse,
  commentRequest,
  commentResponse,
  deletedCommentResponse,
} from '../schemas/comments';
import { endpoint } from './endpoint';

// A project's discussion (issue 42): any member of the organization may read and comment.

/** The project's comments, newest last, COMMENT_PAGE_SIZE a page; the cursor goes back in time. */
export const list = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/projects/{id}/comments',
  auth: 'required',
  query: commentPageQuery,
  response: commentPageResponse,
  apiKeyScope: 'comments:read',
});
/** 201 with the comment; the mentioned people and the project's members are notified after the fact. */
export const create = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/projects/{id}/comments',
  auth: 'required',
  body: commentRequest,
  response: commentResponse,
  apiKeyScope: 'comments:write',
});
/** The author only (403 for anyone else). */
export const update = /* @__PURE__ */ endpoint({
  method: 'PATCH',
  path: '/api/projects/{id}/comments/{commentId}',
  auth: 'required',
  body: commentRequest,
  response: commentResponse,
  apiKeyScope: 'comments:write',
});
/** The author, or an admin (whose deletion of another's comment is audited). */
export const remove = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/projects/{id}/comments/{commentId}',
  auth: 'required',
  response: deletedCommentResponse,
  apiKeyScope: 'comments:write',
});
