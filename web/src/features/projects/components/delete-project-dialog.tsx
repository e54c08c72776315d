import type { ProjectResponse } from '../../../../../shared/schemas/projects';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/toast';
import { useDeleteProject } from '../api/project-mutations';

export function DeleteProjectDialog({ project, onOpenChange }: { project: ProjectResponse | null; onOpenChange: (open: boolean) => void }) {
  const deleteProject = useDeleteProject();
  return (
    <ConfirmDialog
      open={project !== null}
      onOpenChange={onOpenChange}
      title="Delete Project"
      description="Are you sure you want to delete this project? This action cannot be undone."
      confirmLabel={deleteProject.isPending ? 'Deleting...' : 'Delete'}
      pending={deleteProject.isPending}
      onConfirm={() => {
        if (!project) return;
        deleteProject.mutate(project.id, {
          onSuccess: () => {
            toast({ title: 'Project deleted' });
            onOpenChange(false);
          },
          onError: (error) => toast({ title: 'Failed to delete project', description: error.message, variant: 'destructive' }),
        });
      }}
    />
  );
}
