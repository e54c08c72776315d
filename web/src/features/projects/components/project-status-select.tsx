import type { ProjectResponse } from '@shared/schemas/projects';
import { Badge } from '../../../components/ui/badge';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { isProjectStatus, statusOptions, statusTone } from '../../../lib/project-status';
import { useUpdateProjectStatus } from '../api/projects';

/**
 * The list's inline status dropdown: any status may change to any other (spec section 4). It shows
 * the coloured badge the detail page and the palette use. While a change is saved the trigger is
 * only marked busy: disabling it would drop the keyboard user's focus to the page.
 */
export function ProjectStatusSelect({ project }: { project: ProjectResponse }) {
  const updateStatus = useUpdateProjectStatus();
  // A status written elsewhere (not one of the four) is offered as itself so the trigger shows it.
  const options = isProjectStatus(project.status)
    ? statusOptions
    : [...statusOptions, { value: project.status, label: project.status }];
  return (
    <Select
      value={updateStatus.isPending ? updateStatus.variables.status : project.status}
      onValueChange={(value) => {
        if (updateStatus.isPending || !isProjectStatus(value) || value === project.status) return;
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
      aria-busy={updateStatus.isPending || undefined}
      appearance="inline"
      renderOption={(option) => <Badge tone={statusTone(option.value)}>{option.label}</Badge>}
    />
  );
}
