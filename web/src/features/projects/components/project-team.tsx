import { ROLE_LABELS, type Role } from '@shared/roles';
import type { ProjectMemberResponse } from '@shared/schemas/projects';
import { UserAvatar } from '../../../components/ui/avatar';
import { HoverCard, HoverCardContent, HoverCardTrigger } from '../../../components/ui/hover-card';

const roleLabel = (role: string | null | undefined) => (role && role in ROLE_LABELS ? ROLE_LABELS[role as Role] : 'Team Member');

/** The team as avatars; hovering or focusing one shows the name and role (opens after 700 ms, closes after 300 ms). */
export function ProjectTeam({ members }: { members: ProjectMemberResponse[] }) {
  if (members.length === 0) return <p className="text-sm text-muted">No team members yet.</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Team members">
      {members.map((member) => (
        <li key={member.id}>
          <HoverCard>
            <HoverCardTrigger asChild>
              <button type="button" className="rounded-full" aria-label={`${member.fullName}, ${roleLabel(member.role)}`}>
                <UserAvatar fullName={member.fullName} avatarUrl={member.avatarUrl} size="md" />
              </button>
            </HoverCardTrigger>
            <HoverCardContent>
              <div className="flex items-center gap-3">
                <UserAvatar fullName={member.fullName} avatarUrl={member.avatarUrl} size="md" />
                <div className="grid min-w-0">
                  <p className="truncate font-semibold">{member.fullName}</p>
                  <p className="text-sm text-muted">{roleLabel(member.role)}</p>
                  <p className="truncate text-xs text-muted">{member.username}</p>
                </div>
              </div>
            </HoverCardContent>
          </HoverCard>
        </li>
      ))}
    </ul>
  );
}
