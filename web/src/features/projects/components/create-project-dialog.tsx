import { DEFAULT_PROJECT_STATUS } from '@shared/project-statuses';
import type { ProjectResponse } from '@shared/schemas/projects';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { assistantEnabled, useCurrentUser } from '../../../lib/current-user';
import { MembersNotSetError, useCreateProject } from '../api/projects';
import { ProjectForm, type ProjectFormValues } from './project-form';

const emptyProject: ProjectFormValues = { name: '', description: '', status: DEFAULT_PROJECT_STATUS, dueDate: '', memberIds: [] };

interface CreateProjectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told the new project, so the list can show where it went. */
  onCreated?: (project: ProjectResponse) => void;
}

export function CreateProjectDialog({ open, onOpenChange, onCreated }: CreateProjectDialogProps) {
  const createProject = useCreateProject();
  const assistant = assistantEnabled(useCurrentUser().data);

  const save = async (values: ProjectFormValues) => {
    try {
      const created = await createProject.mutateAsync({
        project: {
          name: values.name.trim(),
          description: values.description.trim() === '' ? null : values.description,
          status: values.status,
          dueDate: values.dueDate === '' ? null : values.dueDate,
        },
        memberIds: values.memberIds,
      });
      toast({ title: 'Project created' });
      onCreated?.(created);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof MembersNotSetError) {
        // The project exists: closing avoids creating it twice; its members can be set from the list.
        toast({ title: 'Failed to update project members', description: error.message, variant: 'destructive' });
        onCreated?.(error.project);
        onOpenChange(false);
        return;
      }
      toast({ title: 'Failed to create project', description: (error as Error).message, variant: 'destructive' });
      throw error;
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Create New Project" description="Add a project and choose who works on it." className="max-w-xl">
        {open ? (
          <ProjectForm
            idPrefix="create-project"
            defaultValues={emptyProject}
            submitLabel="Create Project"
            pendingLabel="Creating..."
            draftDescription={assistant}
            onSubmit={save}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
