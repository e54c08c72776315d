import type { ProjectResponse } from '@shared/schemas/projects';
import { isProjectStatus } from '../../../lib/project-status';

/** The columns the list sorts by. */
export const SORT_KEYS = ['name', 'dueDate', 'createdAt'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';

/**
 * What the list shows, read from and written to the URL (/projects?status=in_progress&sort=dueDate),
 * so a reload or a shared link shows the same list. Absent or unknown values mean no filter and the
 * server's order.
 */
export interface ProjectListView {
  status: string | null;
  name: string;
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
    sort: isSortKey(sort) ? sort : null,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

/** The view's URL parameters; defaults are left out so the plain list stays /projects. */
export function writeListView(view: ProjectListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.status) params.set('status', view.status);
  if (view.name.trim()) params.set('q', view.name);
  if (view.sort) {
    params.set('sort', view.sort);
    if (view.order === 'desc') params.set('order', 'desc');
  }
  return params;
}

/** A header clicked: its column ascending, or the other way round when it already sorts the list. */
export function toggleSort(view: ProjectListView, key: SortKey): ProjectListView {
  return { ...view, sort: key, order: view.sort === key && view.order === 'asc' ? 'desc' : 'asc' };
}

/** Overdue: due before today (the viewer's 'YYYY-MM-DD') and not completed. */
export const isOverdue = (project: Pick<ProjectResponse, 'dueDate' | 'status'>, today: string) =>
  project.dueDate !== null && project.dueDate < today && project.status !== 'completed';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compare(a: ProjectResponse, b: ProjectResponse, key: SortKey): number {
  if (key === 'name') return collator.compare(a.name, b.name);
  const left = a[key];
  const right = b[key];
  // Dates are ISO strings: they sort as text. A project without a due date comes last either way.
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  return left < right ? -1 : 1;
}

/** The projects the view shows, in its order. */
export function applyListView(projects: ProjectResponse[], view: ProjectListView): ProjectResponse[] {
  const name = view.name.trim().toLocaleLowerCase();
  const shown = projects.filter((project) => (!view.status || project.status === view.status) && (!name || project.name.toLocaleLowerCase().includes(name)));
  const { sort } = view;
  if (!sort) return shown;
  const direction = view.order === 'desc' ? -1 : 1;
  return shown.sort((a, b) => {
    const byKey = compare(a, b, sort);
    // Missing due dates stay last in both directions.
    if (sort === 'dueDate' && (a.dueDate === null) !== (b.dueDate === null)) return byKey;
    return byKey * direction || collator.compare(a.name, b.name);
  });
}

export const hasFilters = (view: ProjectListView) => view.status !== null || view.name.trim() !== '';
