import type { ProjectResponse } from '@shared/schemas/projects';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cn } from '../../../lib/class-names';
import { shortDate } from '../../../lib/date-format';
import { isOverdue, type ProjectListView, type SortKey } from '../../../lib/project-list-view';
import { ProjectDueDate } from './project-dates';
import { type ProjectActionHandlers, ProjectRowActions } from './project-row-actions';
import { ProjectStatusSelect } from './project-status-select';

export interface ProjectListProps extends ProjectActionHandlers {
  projects: ProjectResponse[];
  /** The viewer's date, 'YYYY-MM-DD', against which due dates are overdue. */
  today: string;
  /** A project just created: drawn highlighted for a moment. */
  highlightId: string | null;
}

export interface ProjectsTableProps extends ProjectListProps {
  view: ProjectListView;
  onSort: (key: SortKey) => void;
  /** Another list is being read (filters or order changed): this one is shown dimmed until it arrives. */
  busy: boolean;
}

/** Wide screens: the table, its header kept in view under the top bar, sortable by four columns (on the server). */
export function ProjectsTable({ projects, view, onSort, busy, today, highlightId, ...actions }: ProjectsTableProps) {
  const sortable = (key: SortKey, label: string) => <SortableHeader label={label} sortKey={key} view={view} onSort={onSort} />;
  return (
    // overflow-clip rounds the corners without making a scroll box, which would stop the sticky header.
    <div
      className={cn('overflow-clip rounded-lg border border-line bg-surface shadow-sm transition-opacity', busy && 'opacity-60')}
      aria-busy={busy || undefined}
    >
      <table className="w-full text-left text-sm">
        <thead className="text-xs font-semibold tracking-wide text-muted uppercase">
          <tr>
            {sortable('name', 'Name')}
            {sortable('status', 'Status')}
            {sortable('dueDate', 'Due Date')}
            {sortable('createdAt', 'Created')}
            <th scope="col" className={cn(headerCell, 'text-right')}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {projects.map((project) => (
            <tr
              key={project.id}
              data-project-id={project.id}
              className={cn(
                'transition-colors duration-700 hover:bg-surface-2',
                project.id === highlightId && 'bg-brand-10 hover:bg-brand-10',
              )}
            >
              <td className="min-w-48 px-4 py-3 font-medium">
                <Link to={`/projects/${project.id}`} className="wrap-anywhere">
                  {project.name}
                </Link>
              </td>
              <td className="px-4 py-2">
                <ProjectStatusSelect project={project} />
              </td>
              <td className="px-4 py-3">
                <ProjectDueDate dueDate={project.dueDate} overdue={isOverdue(project, today)} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-ink-2">{shortDate(project.createdAt)}</td>
              <td className="px-4 py-2">
                <ProjectRowActions project={project} compact {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// top-16: under the sticky top bar (app-top-bar.tsx, h-16).
const headerCell = 'sticky top-16 z-10 border-b border-line bg-surface-2 px-4 py-3';

function SortableHeader({
  label,
  sortKey,
  view,
  onSort,
}: {
  label: string;
  sortKey: SortKey;
  view: ProjectListView;
  onSort: (key: SortKey) => void;
}) {
  const active = view.sort === sortKey;
  const Icon = !active ? ChevronsUpDown : view.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className={cn(headerCell, 'py-1.5')}
      aria-sort={active ? (view.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={cn(
          '-mx-2 inline-flex items-center gap-1 rounded-sm px-2 py-1.5 uppercase hover:bg-surface-3 hover:text-ink',
          active && 'text-ink',
        )}
      >
        {label}
        <Icon className={cn('size-3.5', !active && 'opacity-60')} aria-hidden />
      </button>
    </th>
  );
}
