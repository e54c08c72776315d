import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ProjectMemberResponse } from '@shared/schemas/projects';
import { Spinner } from '../../../components/ui/spinner';
import { projectQueries } from '../api/projects';

/** Loads a project's current members for a dialog: a spinner, then the error or the dialog's body. */
export function ProjectMembersGate({ projectId, children }: { projectId: string; children: (members: ProjectMemberResponse[]) => ReactNode }) {
  const members = useQuery(projectQueries.members(projectId));
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
  return children(members.data);
}
