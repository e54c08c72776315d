import type { ProjectMemberResponse, ProjectResponse } from '@shared/schemas/projects';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { isProjectStatus } from '../../../lib/project-status';
import { useUpdateProject } from '../api/projects';
import { ProjectForm, type ProjectFormValues } from './project-form';
import { ProjectMembersGate } from './project-members-gate';

interface EditProjectDialogProps {
  project: ProjectResponse | null;
  onOpenChange: (open: boolean) => void;
}

/** Edit Project: PATCH the fields, then PUT the checked members (spec section 7). */
export function EditProjectDialog({ project, onOpenChange }: EditProjectDialogProps) {
  return (
    <Dialog open={project !== null} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Project" description="Change the project's details and members." className="max-w-xl">
        {project ? (
          <ProjectMembersGate projectId={project.id}>
            {(members) => <EditProjectForm project={project} members={members} onDone={() => onOpenChange(false)} />}
          </ProjectMembersGate>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EditProjectForm({
  project,
  members,
  onDone,
}: {
  project: ProjectResponse;
  members: ProjectMemberResponse[];
  onDone: () => void;
}) {
  const updateProject = useUpdateProject();

  const defaultValues: ProjectFormValues = {
    name: project.name,
    description: project.description ?? '',
    status: isProjectStatus(project.status) ? project.status : 'planning',
    dueDate: project.dueDate ?? '',
    memberIds: members.map((member) => member.id),
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

  return (
    <ProjectForm
      idPrefix="edit-project"
      defaultValues={defaultValues}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      members={members}
      onSubmit={save}
    />
  );
}
