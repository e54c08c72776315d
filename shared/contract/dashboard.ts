import { dashboardResponse } from '../schemas/dashboard';
import { endpoint } from './endpoint';

/** The dashboard's figures, lists and recent activity in one answer (issue 17). */
export const dashboardEndpoints = {
  summary: endpoint({ method: 'GET', path: '/api/dashboard', auth: 'required', response: dashboardResponse }),
};
