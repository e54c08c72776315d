import { useQuery } from '@tanstack/react-query';
import { FolderPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ProjectResponse } from '../../../../../shared/schemas/projects';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { projectQueries } from '../api/projects';
import { CreateProjectDialog } from '../components/create-project-dialog';
import { DeleteProjectDialog } from '../components/delete-project-dialog';
import { EditProjectDialog } from '../components/edit-project-dialog';
import { ManageMembersDialog } from '../components/manage-members-dialog';
import { ProjectsTable } from '../components/projects-table';
import { usePageTitle } from '../../../lib/page-title';

/** /projects: the organization's projects with their dialogs (spec section 2, Projects list). */
export function ProjectsPage() {
  usePageTitle('Projects');
  const projects = useQuery(projectQueries.list());
  // The dashboard's empty state ('Create Your First Project') arrives with the create dialog open.
  const arrivedToCreate = (useLocation().state as { createProject?: boolean } | null)?.createProject === true;
  const [creating, setCreating] = useState(arrivedToCreate);
  const [editing, setEditing] = useState<ProjectResponse | null>(null);
  const [managing, setManaging] = useState<ProjectResponse | null>(null);
  const [deleting, setDeleting] = useState<ProjectResponse | null>(null);
  const closeWith = (set: (value: ProjectResponse | null) => void) => (open: boolean) => {
    if (!open) set(null);
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Projects</h1>
          <p className="text-muted">Manage your projects and initiatives</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          New Project
        </Button>
      </div>

      {projects.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading projects" />
        </div>
      ) : projects.isError ? (
        <Card role="alert" className="border-danger-20 bg-danger-10">
          <CardContent className="pt-5 text-danger sm:pt-6">Failed to load projects. Please try again later.</CardContent>
        </Card>
      ) : projects.data.length === 0 ? (
        <Card className="text-center">
          <CardHeader className="justify-items-center">
            <span className="rounded-full bg-brand-10 p-3 text-brand-80">
              <FolderPlus className="size-6" aria-hidden />
            </span>
            <CardTitle>No Projects Yet</CardTitle>
            <CardDescription>Create a project to start planning and tracking your work.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              Create Your First Project
            </Button>
          </CardContent>
        </Card>
      ) : (
        <ProjectsTable projects={projects.data} onManageMembers={setManaging} onEdit={setEditing} onDelete={setDeleting} />
      )}

      <CreateProjectDialog open={creating} onOpenChange={setCreating} />
      <EditProjectDialog project={editing} onOpenChange={closeWith(setEditing)} />
      <ManageMembersDialog project={managing} onOpenChange={closeWith(setManaging)} />
      <DeleteProjectDialog project={deleting} onOpenChange={closeWith(setDeleting)} />
    </div>
  );
}
