import type { ProjectResponse } from '@shared/schemas/projects';
import { useRef } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/toast';
import { useDeleteProject } from '../api/projects';

interface DeleteProjectDialogProps {
  project: ProjectResponse | null;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once the project is gone (its Delete button went with it); a cancel goes back to that button. */
  focusAfterDelete?: () => HTMLElement | null | undefined;
}

export function DeleteProjectDialog({ project, onOpenChange, focusAfterDelete }: DeleteProjectDialogProps) {
  const deleteProject = useDeleteProject();
  const deleted = useRef(false);
  return (
    <ConfirmDialog
      open={project !== null}
      onOpenChange={onOpenChange}
      // Read once: a cancel after an earlier delete goes back to its own Delete button.
      returnFocus={() => {
        const wasDeleted = deleted.current;
        deleted.current = false;
        return wasDeleted ? focusAfterDelete?.() : undefined;
      }}
      title="Delete Project"
      description="Are you sure you want to delete this project? This action cannot be undone."
      confirmLabel={deleteProject.isPending ? 'Deleting...' : 'Delete'}
      pending={deleteProject.isPending}
      onConfirm={() => {
        if (!project) return;
        deleted.current = false;
        deleteProject.mutate(project.id, {
          onSuccess: () => {
            deleted.current = true;
            toast({ title: 'Project deleted' });
            onOpenChange(false);
          },
          onError: (error) => toast({ title: 'Failed to delete project', description: error.message, variant: 'destructive' }),
        });
      }}
    />
  );
}
