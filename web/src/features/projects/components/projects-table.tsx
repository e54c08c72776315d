import { format, isValid, parseISO } from 'date-fns';
import { Pencil, Trash2, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ProjectResponse } from '../../../../../shared/schemas/projects';
import { Button } from '../../../components/ui/button';
import { ProjectStatusSelect } from './project-status-select';

interface ProjectsTableProps {
  projects: ProjectResponse[];
  onManageMembers: (project: ProjectResponse) => void;
  onEdit: (project: ProjectResponse) => void;
  onDelete: (project: ProjectResponse) => void;
}

/** 'Jan 5, 2025' (spec section 9), '—' when there is no date. */
function shortDate(value: string | null) {
  if (!value) return '—';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMM d, yyyy') : '—';
}

export function ProjectsTable({ projects, onManageMembers, onEdit, onDelete }: ProjectsTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-surface shadow-sm">
      <table className="w-full min-w-[720px] text-left text-sm">
        <thead className="border-b border-line bg-surface-2 text-xs font-semibold tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Name</th>
            <th scope="col" className="px-4 py-3">Status</th>
            <th scope="col" className="px-4 py-3">Due Date</th>
            <th scope="col" className="px-4 py-3">Created</th>
            <th scope="col" className="px-4 py-3 text-right">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {projects.map((project) => (
            <tr key={project.id} className="hover:bg-surface-2">
              <td className="px-4 py-3 font-medium">
                <Link to={`/projects/${project.id}`} className="break-words">
                  {project.name}
                </Link>
              </td>
              <td className="px-4 py-2">
                <ProjectStatusSelect project={project} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-ink-2">{shortDate(project.dueDate)}</td>
              <td className="px-4 py-3 whitespace-nowrap text-ink-2">{shortDate(project.createdAt)}</td>
              <td className="px-4 py-2">
                <div className="flex justify-end gap-1">
                  <Button variant="ghost" size="sm" onClick={() => onManageMembers(project)} aria-label={`Manage Members of ${project.name}`}>
                    <Users aria-hidden />
                    <span className="hidden lg:inline">Manage Members</span>
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => onEdit(project)} aria-label={`Edit ${project.name}`}>
                    <Pencil aria-hidden />
                    <span className="hidden lg:inline">Edit</span>
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => onDelete(project)} aria-label={`Delete ${project.name}`} className="text-danger hover:text-danger">
                    <Trash2 aria-hidden />
                    <span className="hidden lg:inline">Delete</span>
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
