import type { ProjectMemberResponse } from '@shared/schemas/projects';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { projectQueries } from '../api/projects';

/**
 * Loads a project's current members for a dialog: a spinner, then the error or the dialog's body.
 * A body drawn after the dialog opened finds focus on its close button (the only control there
 * was): it moves to the body's first field, as it would have been had the body been there at once.
 */
export function ProjectMembersGate({
  projectId,
  children,
}: {
  projectId: string;
  children: (members: ProjectMemberResponse[]) => ReactNode;
}) {
  const members = useQuery(projectQueries.members(projectId));
  const body = useRef<HTMLDivElement>(null);
  // Only a body that arrives after the spinner: one there at once gets focus from the dialog itself,
  // which must first see what had focus before it opened (to give it back on closing).
  const arrivedLate = useRef(members.isPending);
  const loaded = members.isSuccess;
  useEffect(() => {
    const element = body.current;
    if (!loaded || !arrivedLate.current || !element || element.contains(document.activeElement)) return;
    element.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled]), button:not([disabled])')?.focus();
  }, [loaded]);
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
  return (
    <div ref={body} className="contents">
      {children(members.data)}
    </div>
  );
}
