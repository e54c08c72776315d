import type { ProjectStatus } from '@shared/project-statuses';
import type { ProjectListQuery, ProjectResponse } from '@shared/schemas/projects';
import { isProjectStatus } from './project-status';

/** The columns the list sorts by: each is an order the server reads from an index (decision 027). */
export const SORT_KEYS = ['name', 'status', 'dueDate', 'createdAt'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';

/**
 * What the list shows, read from and written to the URL (/projects?status=in_progress&sort=dueDate),
 * so a reload or a shared link shows the same list. Absent or unknown values mean no filter and the
 * server's order (creation).
 */
export interface ProjectListView {
  status: ProjectStatus | null;
  name: string;
  /** overdue=true: due before today and not completed (the server's today). */
  overdue: boolean;
  /** due=soon: open projects due from today through the next 7 days (the dashboard's 'Due in the next 7 days'). */
  dueSoon: boolean;
  /** member=me: the projects the viewer is a member of. */
  mine: boolean;
  sort: SortKey | null;
  order: SortOrder;
}

const isSortKey = (value: string | null): value is SortKey => (SORT_KEYS as readonly (string | null)[]).includes(value);

export function readListView(params: URLSearchParams): ProjectListView {
  const status = params.get('status');
  const sort = params.get('sort');
  return {
    status: status && isProjectStatus(status) ? status : null,
    name: params.get('q') ?? '',
    overdue: params.get('overdue') === 'true',
    dueSoon: params.get('due') === 'soon',
    mine: params.get('member') === 'me',
    sort: isSortKey(sort) ? sort : null,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

/** The view's URL parameters; defaults are left out so the plain list stays /projects. */
export function writeListView(view: ProjectListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.status) params.set('status', view.status);
  if (view.name.trim()) params.set('q', view.name);
  if (view.overdue) params.set('overdue', 'true');
  if (view.dueSoon) params.set('due', 'soon');
  if (view.mine) params.set('member', 'me');
  if (view.sort) {
    params.set('sort', view.sort);
    if (view.order === 'desc') params.set('order', 'desc');
  }
  return params;
}

/** What GET /api/projects is asked for the view: the server filters and sorts, the page never does. */
export type ProjectListFilters = Pick<ProjectListQuery, 'status' | 'q' | 'overdue' | 'due' | 'member' | 'sort' | 'order'>;

/** The view as the list's query parameters; `name` is the name filter as it is searched (debounced). */
export function listFiltersOf(view: ProjectListView, name: string): ProjectListFilters {
  const filters: ProjectListFilters = {};
  if (view.status) filters.status = view.status;
  if (name.trim()) filters.q = name.trim();
  if (view.overdue) filters.overdue = 'true';
  if (view.dueSoon) filters.due = 'soon';
  if (view.mine) filters.member = 'me';
  if (view.sort) {
    filters.sort = view.sort;
    if (view.order === 'desc') filters.order = 'desc';
  }
  return filters;
}

/** A header clicked: its column ascending, or the other way round when it already sorts the list. */
export function toggleSort(view: ProjectListView, key: SortKey): ProjectListView {
  return { ...view, sort: key, order: view.sort === key && view.order === 'asc' ? 'desc' : 'asc' };
}

/** Overdue: due before today (the viewer's 'YYYY-MM-DD') and not completed. */
export const isOverdue = (project: Pick<ProjectResponse, 'dueDate' | 'status'>, today: string) =>
  project.dueDate !== null && project.dueDate < today && project.status !== 'completed';

export const hasFilters = (view: ProjectListView) =>
  view.status !== null || view.name.trim() !== '' || view.overdue || view.dueSoon || view.mine;

/** The change that clears every filter (and keeps the order). */
export const NO_FILTERS = {
  status: null,
  name: '',
  overdue: false,
  dueSoon: false,
  mine: false,
} satisfies Partial<ProjectListView>;

/** The address parameter with which another page opens a project's Edit dialog on /projects. */
export const EDIT_PARAM = 'edit';

/** /projects with the project's Edit dialog open: where the detail page's edit icon goes (spec: 'goes to /projects'). */
export const editProjectPath = (projectId: string) => `/projects?${EDIT_PARAM}=${encodeURIComponent(projectId)}`;

/** The list with some filters and an order, as a link from another page (the dashboard's figures and lists). */
export function projectsListPath(view: Partial<ProjectListView>) {
  const params = writeListView({ ...readListView(new URLSearchParams()), ...view }).toString();
  return params ? `/projects?${params}` : '/projects';
}
