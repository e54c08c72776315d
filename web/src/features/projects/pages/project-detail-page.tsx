import type { ProjectDetailResponse } from '@shared/schemas/projects';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Pencil } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { AutomationsCard } from '../../../components/automations/automations-card';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { assistantEnabled, isAdmin, useCurrentUser } from '../../../lib/current-user';
import { longDate } from '../../../lib/date-format';
import { usePageTitle } from '../../../lib/page-title';
import { editProjectPath } from '../../../lib/project-list-view';
import { statusLabel, statusTone } from '../../../lib/project-status';
import { projectQueries } from '../api/projects';
import { ProjectActivity } from '../components/project-activity';
import { ProjectDiscussion } from '../components/project-discussion';
import { ProjectSummaryCard } from '../components/project-summary-card';
import { ProjectTeam } from '../components/project-team';

/** 'January 5, 2025' (spec section 9); an unparsable value is 'Invalid date'. */
/** /projects/{id}: the project with its team; any non-OK answer shows Project Not Found. */
export function ProjectDetailPage() {
  const { id = '' } = useParams();
  const project = useQuery(projectQueries.detail(id));
  usePageTitle(project.isPending ? 'Project' : project.isError ? 'Project Not Found' : project.data.name);

  if (project.isPending) return <ProjectDetailSkeleton />;
  if (project.isError) return <ProjectNotFound />;
  return <ProjectDetail project={project.data} />;
}

function Breadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb">
      {/* One line: the earlier steps keep their width and a long last item is shortened, its full text in a tooltip. */}
      <ol className="flex items-center gap-1 text-sm text-muted">
        <li className="shrink-0">
          <Link to="/dashboard">Dashboard</Link>
        </li>
        <li aria-hidden className="shrink-0">
          <ChevronRight className="size-4" />
        </li>
        <li className="shrink-0">
          <Link to="/projects">Projects</Link>
        </li>
        <li aria-hidden className="shrink-0">
          <ChevronRight className="size-4" />
        </li>
        <li aria-current="page" className="min-w-0 truncate font-medium text-ink" title={current}>
          {current}
        </li>
      </ol>
    </nav>
  );
}

function ProjectDetail({ project }: { project: ProjectDetailResponse }) {
  const user = useCurrentUser().data;
  const admin = isAdmin(user);
  return (
    // grid-cols-1 is minmax(0, 1fr): a column that may be narrower than a long name's one line, which then wraps.
    <div className="grid grid-cols-1 gap-6">
      <Breadcrumb current={project.name} />
      <div className="flex items-start justify-between gap-4">
        <h1 className="min-w-0 text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">{project.name}</h1>
        <Link
          to={editProjectPath(project.id)}
          className={buttonClasses({ variant: 'outline', size: 'icon' })}
          aria-label="Edit project"
          title="Edit project"
        >
          <Pencil aria-hidden />
        </Link>
      </div>
      <Card>
        <CardHeader>
          {/* Its own flex row: the header is a grid, which would stretch the badge to the card's width. */}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="grid gap-1">
              <CardTitle>Project details</CardTitle>
              <CardDescription>Created {longDate(project.createdAt, 'Invalid date')}</CardDescription>
            </div>
            <Badge tone={statusTone(project.status)}>{statusLabel(project.status)}</Badge>
          </div>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-5 sm:grid-cols-2">
            <div className="grid gap-1 sm:col-span-2">
              <dt className="text-sm font-medium text-muted">Description</dt>
              <dd className="whitespace-pre-wrap wrap-anywhere">
                {project.description ? project.description : 'No description provided.'}
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-sm font-medium text-muted">Due date</dt>
              <dd>{project.dueDate ? longDate(project.dueDate, 'Invalid date') : 'No due date'}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-sm font-medium text-muted">Team members</dt>
              <dd>
                <ProjectTeam members={project.members} />
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      {/* Gone while an admin has turned the assistant off: its routes would answer 403. */}
      {assistantEnabled(user) ? <ProjectSummaryCard projectId={project.id} /> : null}
      <ProjectDiscussion projectId={project.id} />
      <AutomationsCard projectId={project.id} admin={admin} />
      <ProjectActivity projectId={project.id} />
    </div>
  );
}

function ProjectDetailSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading project
      </span>
      <Skeleton className="h-4 w-56" />
      <Skeleton className="h-9 w-72 max-w-full" />
      <Card>
        <CardContent className="grid gap-4 pt-5 sm:pt-6">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-16 w-full" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-10 w-full" />
            <div className="flex gap-2">
              <Skeleton className="size-10 rounded-full" />
              <Skeleton className="size-10 rounded-full" />
              <Skeleton className="size-10 rounded-full" />
            </div>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

function ProjectNotFound() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <Breadcrumb current="Not found" />
      <Card className="mx-auto w-full max-w-lg text-center">
        <CardHeader className="justify-items-center">
          <h1 className="text-xl font-semibold">Project Not Found</h1>
          <CardDescription>We couldn't find the project you're looking for.</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/projects" className={buttonClasses({ variant: 'primary' })}>
            Back to Projects
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
