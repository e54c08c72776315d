import {
  automationListQuery,
  automationListResponse,
  automationResponse,
  automationRunPageQuery,
  automationRunPageResponse,
  createAutomationRequest,
  deletedAutomationResponse,
  updateAutomationRequest,
} from '../schemas/automations';
import { endpoint } from './endpoint';

// Automations (issue 64): rules that act on a project's changes after the fact. A project's rules are
// any member's to manage (the spec puts no role on project screens); the organization's are admins'.

/** The rules that apply to a project (its own, then the organization's); without projectId, the organization's. */
export const list = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/automations',
  auth: 'required',
  query: automationListQuery,
  response: automationListResponse,
});
export const get = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/automations/{id}',
  auth: 'required',
  response: automationResponse,
});
/** 201 with the rule. An organization-wide one (projectId null) is admins' (403 for staff). */
export const create = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/automations',
  auth: 'required',
  body: createAutomationRequest,
  response: automationResponse,
});
export const update = /* @__PURE__ */ endpoint({
  method: 'PATCH',
  path: '/api/automations/{id}',
  auth: 'required',
  body: updateAutomationRequest,
  response: automationResponse,
});
export const remove = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/automations/{id}',
  auth: 'required',
  response: deletedAutomationResponse,
});
/** The rule's runs, newest first, AUTOMATION_RUN_PAGE_SIZE a page. */
export const runs = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/automations/{id}/runs',
  auth: 'required',
  query: automationRunPageQuery,
  response: automationRunPageResponse,
});
