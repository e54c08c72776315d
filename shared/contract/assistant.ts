import { briefRequest, briefResponse, projectSummaryResponse, recommendationsResponse } from '../schemas/assistant';
import { endpoint } from './endpoint';

// The assistant (issue 67): texts a person may keep, written from the organization's own data by the
// stage's model or by local rules; it never changes anything itself. Any member of the organization may ask.

/** A few sentences on where the project stands; 404 for another organization's project, 403 while an admin has turned the assistant off. */
export const summarize = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/projects/{id}/summary',
  auth: 'required',
  response: projectSummaryResponse,
});
/** A draft description for the Create New Project dialog: nothing is saved. */
export const draftBrief = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/assistant/brief',
  auth: 'required',
  body: briefRequest,
  response: briefResponse,
});
/** The projects needing attention and why, by rules from bounded reads (no model). */
export const recommendations = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/dashboard/recommendations',
  auth: 'required',
  response: recommendationsResponse,
});
