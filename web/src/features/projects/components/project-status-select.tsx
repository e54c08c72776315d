import type { ProjectResponse } from '../../../../../shared/schemas/projects';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { useUpdateProjectStatus } from '../api/project-mutations';
import { isProjectStatus, statusOptions } from '../../../lib/project-status';

/** The list's inline status dropdown: any status may change to any other (spec section 4). */
export function ProjectStatusSelect({ project }: { project: ProjectResponse }) {
  const updateStatus = useUpdateProjectStatus();
  // A status written elsewhere (not one of the four) is offered as itself so the trigger shows it.
  const options = isProjectStatus(project.status) ? statusOptions : [...statusOptions, { value: project.status, label: project.status }];
  return (
    <Select
      value={updateStatus.isPending ? updateStatus.variables.status : project.status}
      onValueChange={(value) => {
        if (!isProjectStatus(value) || value === project.status) return;
        updateStatus.mutate(
          { id: project.id, status: value },
          {
            onSuccess: () => toast({ title: 'Status updated' }),
            onError: (error) => toast({ title: 'Failed to update status', description: error.message, variant: 'destructive' }),
          },
        );
      }}
      options={options}
      ariaLabel={`Status of ${project.name}`}
      disabled={updateStatus.isPending}
      className="h-9 w-36"
    />
  );
}
