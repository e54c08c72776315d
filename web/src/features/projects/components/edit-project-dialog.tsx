import { useQuery } from '@tanstack/react-query';
import type { ProjectResponse } from '../../../../../shared/schemas/projects';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useUpdateProject } from '../api/project-mutations';
import { projectQueries } from '../api/projects';
import { ProjectForm, type ProjectFormValues } from './project-form';
import { isProjectStatus } from './project-status';

interface EditProjectDialogProps {
  project: ProjectResponse | null;
  onOpenChange: (open: boolean) => void;
}

/** Edit Project: PATCH the fields, then PUT the checked members (spec section 7). */
export function EditProjectDialog({ project, onOpenChange }: EditProjectDialogProps) {
  return (
    <Dialog open={project !== null} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Project" description="Change the project's details and members." className="max-w-xl">
        {project ? <EditProjectBody project={project} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditProjectBody({ project, onDone }: { project: ProjectResponse; onDone: () => void }) {
  const members = useQuery(projectQueries.members(project.id));
  const updateProject = useUpdateProject();

  if (members.isPending) {
    return (
      <div className="flex justify-center p-6">
        <Spinner label="Loading project members" />
      </div>
    );
  }
  if (members.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        Failed to load the project members. {members.error.message}
      </p>
    );
  }

  const defaultValues: ProjectFormValues = {
    name: project.name,
    description: project.description ?? '',
    status: isProjectStatus(project.status) ? project.status : 'planning',
    dueDate: project.dueDate ?? '',
    memberIds: members.data.map((member) => member.id),
  };

  const save = async (values: ProjectFormValues) => {
    try {
      await updateProject.mutateAsync({
        id: project.id,
        changes: {
          name: values.name.trim(),
          description: values.description.trim() === '' ? null : values.description,
          status: values.status,
          dueDate: values.dueDate === '' ? null : values.dueDate,
        },
        memberIds: values.memberIds,
      });
      toast({ title: 'Project updated' });
      onDone();
    } catch (error) {
      toast({ title: 'Failed to update project', description: (error as Error).message, variant: 'destructive' });
      throw error;
    }
  };

  return <ProjectForm idPrefix="edit-project" defaultValues={defaultValues} submitLabel="Save Changes" pendingLabel="Saving..." onSubmit={save} />;
}
