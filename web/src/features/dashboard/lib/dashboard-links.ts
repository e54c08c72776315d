import { projectsListPath } from '../../../lib/project-list-view';

/**
 * Where each figure and list of the dashboard leads: the projects list with the same filter, read
 * by the server (due-date lists in due-date order, as the dashboard shows them).
 */
export const dashboardLinks = {
  total: projectsListPath({}),
  inProgress: projectsListPath({ status: 'in_progress' }),
  dueSoon: projectsListPath({ dueSoon: true, sort: 'dueDate' }),
  overdue: projectsListPath({ overdue: true, sort: 'dueDate' }),
  mine: projectsListPath({ mine: true }),
};
