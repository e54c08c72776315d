import type { ProjectMemberResponse, ProjectResponse } from '@shared/schemas/projects';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { useSetProjectMembers } from '../api/projects';
import { MemberChecklist } from './member-checklist';
import { ProjectMembersGate } from './project-members-gate';

interface ManageMembersDialogProps {
  project: ProjectResponse | null;
  onOpenChange: (open: boolean) => void;
}

/** Manage Project Members: the checklist, saved as the whole new set with PUT members. */
export function ManageMembersDialog({ project, onOpenChange }: ManageMembersDialogProps) {
  return (
    <Dialog open={project !== null} onOpenChange={onOpenChange}>
      <DialogContent title="Manage Project Members" description={project ? `Choose who works on ${project.name}.` : undefined}>
        {project ? <ManageMembersBody project={project} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ManageMembersBody({ project, onDone }: { project: ProjectResponse; onDone: () => void }) {
  return (
    <ProjectMembersGate projectId={project.id}>
      {(members) => <MembersForm projectId={project.id} initial={members} onDone={onDone} />}
    </ProjectMembersGate>
  );
}

function MembersForm({
  projectId,
  initial,
  onDone,
}: {
  projectId: string;
  initial: ProjectMemberResponse[];
  onDone: () => void;
}) {
  const [memberIds, setMemberIds] = useState(() => initial.map((member) => member.id));
  const setMembers = useSetProjectMembers();

  const save = () =>
    setMembers.mutate(
      { id: projectId, memberIds },
      {
        onSuccess: () => {
          toast({ title: 'Project members updated' });
          onDone();
        },
        onError: (error) =>
          toast({ title: 'Failed to update project members', description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <MemberChecklist
        idPrefix="manage-members"
        value={memberIds}
        onChange={setMemberIds}
        disabled={setMembers.isPending}
        chosen={initial}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={setMembers.isPending} aria-busy={setMembers.isPending || undefined}>
          {setMembers.isPending ? 'Saving...' : 'Save Members'}
        </Button>
      </DialogFooter>
    </form>
  );
}
