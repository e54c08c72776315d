import { dashboardResponse } from '../schemas/dashboard';
import { endpoint } from './endpoint';

// The dashboard's figures, lists and recent activity in one answer, so the page needs one request.

export const summary = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/dashboard',
  auth: 'required',
  response: dashboardResponse,
});
