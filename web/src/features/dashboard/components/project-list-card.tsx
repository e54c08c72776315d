import type { DashboardProject } from '@shared/schemas/dashboard';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { shortDate } from '../../../lib/date-format';
import { statusLabel, statusTone } from '../../../lib/project-status';
import { countText } from '../lib/count-text';

/** 'Jan 5, 2025' as the projects list shows dates. */
interface ProjectListCardProps {
  title: string;
  /** Where 'View all' goes: the projects list with this list's filter. */
  viewAll: string;
  list: { count: number; more?: true; projects: DashboardProject[] };
  empty: string;
}

/** A short list (at most 5) of projects: name linking to the project, status and due date, with 'View all'. */
export function ProjectListCard({ title, viewAll, list, empty }: ProjectListCardProps) {
  return (
    <Card>
      <CardHeader className="flex items-center justify-between gap-3">
        <CardTitle>
          {title} <span className="text-sm font-normal text-muted">({countText(list)})</span>
        </CardTitle>
        {list.count > 0 ? (
          <Link to={viewAll} className="text-sm font-medium" aria-label={`View all projects (${title})`}>
            View all
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>
        {list.projects.length === 0 ? (
          <p className="text-sm text-muted">{empty}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3">
            {list.projects.map((project) => (
              <li key={project.id} className="flex min-w-0 flex-wrap items-center justify-between gap-2">
                <Link to={`/projects/${project.id}`} className="min-w-0 truncate font-medium">
                  {project.name}
                </Link>
                <span className="flex items-center gap-2 text-sm text-muted">
                  <Badge tone={statusTone(project.status)}>{statusLabel(project.status)}</Badge>
                  {project.dueDate ? <span>Due {shortDate(project.dueDate)}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
