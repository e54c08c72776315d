import { Link } from 'react-router-dom';
import { cn } from '../../../lib/class-names';
import { shortDate } from '../../../lib/date-format';
import { isOverdue } from '../../../lib/project-list-view';
import { ProjectDueDate } from './project-dates';
import { ProjectRowActions } from './project-row-actions';
import { ProjectStatusSelect } from './project-status-select';
import type { ProjectListProps } from './projects-table';

/** Narrow screens: one card per project with every field and action, nothing to scroll sideways. */
export function ProjectCards({ projects, today, highlightId, ...actions }: ProjectListProps) {
  return (
    <ul className="grid gap-3" aria-label="Projects">
      {projects.map((project) => (
        <li
          key={project.id}
          data-project-id={project.id}
          className={cn(
            'grid gap-3 rounded-lg border border-line bg-surface p-4 shadow-sm transition-colors duration-700',
            project.id === highlightId && 'bg-brand-10',
          )}
        >
          <Link to={`/projects/${project.id}`} className="font-semibold wrap-anywhere">
            {project.name}
          </Link>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">Status</dt>
            <dd>
              <ProjectStatusSelect project={project} />
            </dd>
            <dt className="text-muted">Due Date</dt>
            <dd>
              <ProjectDueDate dueDate={project.dueDate} overdue={isOverdue(project, today)} />
            </dd>
            <dt className="text-muted">Created</dt>
            <dd className="text-ink-2">{shortDate(project.createdAt)}</dd>
          </dl>
          <div className="-mx-2 border-t border-line pt-2">
            <ProjectRowActions project={project} compact={false} {...actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
