import type { ProjectResponse } from '@shared/schemas/projects';
import { Pencil, Trash2, Users } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/class-names';

export interface ProjectActionHandlers {
  onManageMembers: (project: ProjectResponse) => void;
  onEdit: (project: ProjectResponse) => void;
  onDelete: (project: ProjectResponse) => void;
}

/**
 * Manage Members, Edit and Delete for one project. The first carries data-first-action: focus
 * goes there when the project before it is deleted. `compact` shows the words only on wide screens
 * (the table); the cards always show them.
 */
export function ProjectRowActions({
  project,
  compact,
  onManageMembers,
  onEdit,
  onDelete,
}: ProjectActionHandlers & { project: ProjectResponse; compact: boolean }) {
  const label = compact ? 'hidden xl:inline' : undefined;
  return (
    <div className={cn('flex gap-1', compact ? 'justify-end' : 'flex-wrap')}>
      <Button
        variant="ghost"
        size="sm"
        data-first-action
        onClick={() => onManageMembers(project)}
        aria-label={`Manage Members of ${project.name}`}
        title={compact ? 'Manage Members' : undefined}
      >
        <Users aria-hidden />
        <span className={label}>Manage Members</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onEdit(project)}
        aria-label={`Edit ${project.name}`}
        title={compact ? 'Edit' : undefined}
      >
        <Pencil aria-hidden />
        <span className={label}>Edit</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onDelete(project)}
        aria-label={`Delete ${project.name}`}
        title={compact ? 'Delete' : undefined}
        className="text-danger hover:text-danger"
      >
        <Trash2 aria-hidden />
        <span className={label}>Delete</span>
      </Button>
    </div>
  );
}
