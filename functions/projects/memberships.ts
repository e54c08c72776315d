import type { ProjectMemberResponse } from '../../shared/schemas/projects';
import { now, ttlAt } from '../clock';
import { TABLE_NAME } from '../db/client';
import { queryCollection } from '../db/query-collection';
import { transactEachOnce } from '../db/transact-each-once';
import { TRANSACTION_LIMIT, type TransactItem } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import type { MembershipChange } from '../events/change-event';
import { logger } from '../observability/logger';
import type { UserItem } from '../user/item';
import type { ProjectItem } from './item';
import { projectCollections, projectKeys, projectMembersKey } from './keys';
import { LIST_COPY_ATTRIBUTES, type ListCopy, listCopyOf } from './list-copies';

/**
 * `ORG#<orgId>#MEMBER#<userId> / PROJECT#<projectId>`: that a user is (or lately was) a member of a
 * project, the user's side of the member sets (functions/projects/member-set.ts), for 'my
 * projects' and for removing a user from their projects (docs/decisions/037). Written from a
 * change's event, in transactions of at most 100, each conditional on being older than the change:
 * by the request right after its change (so the user's own next read sees them) and again by the
 * stream consumer (so a request that stopped halfway is finished). A repeated or late write finds
 * the same or a newer version and is left out, so the items end as the last change of each project
 * left them, in whatever order the writes arrive.
 *
 * A current membership also carries `profile`, what the project's members list shows of the
 * person, and `projectMembersKey`, which puts it in the membersOfProject index: the detail reads a
 * project's members in one Query of that index, and a rename rewrites one small item per project of
 * the person, never a whole member set (docs/decisions/103).
 */
export interface MembershipItem {
  type: 'MEMBERSHIP';
  orgId: string;
  userId: string;
  projectId: string;
  /** False once the user left the project: kept a while, so an older event arriving late cannot make them a member again. */
  member: boolean;
  /** The project's version after the change that wrote it. */
  version: number;
  /** Only on a former membership. */
  ttl?: number;
  /** Only on a current membership: its partition in the membersOfProject index (projectMembersKey). */
  projectMembersKey?: string;
  /** Only on a current membership, once copied: what the members list shows (functions/projects/member-profiles.ts). */
  profile?: MemberProfile;
}

/** A current membership, once copied, also holds what 'My projects' shows of the project and its sort keys (functions/projects/list-copies.ts). */
export type CopiedMembershipItem = MembershipItem & Partial<ListCopy>;

/** A member as the project's members list shows them, and `v`: the user's profileVersion it was copied at. */
export type MemberProfile = Omit<ProjectMemberResponse, 'id'> & { v: number };

export const memberProfileOf = (user: UserItem): MemberProfile => ({
  fullName: user.fullName,
  username: user.username,
  avatarUrl: user.avatarUrl ?? null,
  role: user.role,
  v: user.profileVersion ?? 0,
});

/**
 * How long a former membership stays: the stream keeps a record 24 hours and retries within that,
 * so no event older than its tombstone can arrive after it is gone.
 */
const KEEP_FORMER_MS = 3 * 24 * 60 * 60 * 1000;

interface MembershipWrite {
  userId: string;
  projectId: string;
  version: number;
  member: boolean;
}

function membershipUpdate(
  orgId: string,
  write: MembershipWrite,
  profile: MemberProfile | undefined,
  project: ProjectItem | undefined,
): TransactItem {
  const { userId, projectId, version, member } = write;
  const listed = member && project ? listCopyOf(project) : { set: {}, remove: [] };
  const set = {
    type: 'MEMBERSHIP',
    orgId,
    userId,
    projectId,
    member,
    version,
    ...(member
      ? { projectMembersKey: projectMembersKey(orgId, projectId), ...(profile ? { profile } : {}), ...listed.set }
      : { ttl: ttlAt(now().getTime() + KEEP_FORMER_MS) }),
  };
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: projectKeys.membership(orgId, userId, projectId),
      ...updateExpression(
        // A former membership leaves the indexes and drops its copies.
        { set, remove: member ? ['ttl', ...listed.remove] : ['projectMembersKey', 'profile', ...LIST_COPY_ATTRIBUTES] },
        {
          expression: 'attribute_not_exists(PK) OR #version < :version',
          names: { '#version': 'version' },
          values: { ':version': version },
        },
      ),
    },
  };
}

/** The writes of some changes, one per user and project (a later change of the same project wins). */
function writesOf(changes: MembershipChange[]): MembershipWrite[] {
  const latest = new Map<string, MembershipWrite>();
  for (const { projectId, version, added, removed } of changes) {
    for (const [ids, member] of [
      [added, true],
      [removed, false],
    ] as const) {
      for (const userId of ids) {
        const id = `${projectId}#${userId}`;
        if ((latest.get(id)?.version ?? -1) < version) latest.set(id, { userId, projectId, version, member });
      }
    }
  }
  return [...latest.values()];
}

/**
 * Applies changes to the memberships, TRANSACTION_LIMIT at a time: a membership already at the
 * change's version or a newer one fails its condition, is named by the cancellation reasons and
 * left out (transactEachOnce). Safe to run again on the same changes. `profiles` and `projects`:
 * the copies the request read of those it added and of the project as its change left it (the
 * stream consumer has neither and renews them after, renewAddedMembersCopies). Answers how many
 * were written now.
 */
export async function applyMembershipChanges(
  orgId: string,
  changes: MembershipChange[],
  profiles: Record<string, MemberProfile> = {},
  projects: ProjectItem[] = [],
): Promise<number> {
  const projectOf = new Map(projects.map((project) => [project.id, project]));
  const writes = writesOf(changes);
  let written = 0;
  for (let start = 0; start < writes.length; start += TRANSACTION_LIMIT) {
    const chunk = writes.slice(start, start + TRANSACTION_LIMIT);
    written += await transactEachOnce(
      chunk,
      (pending) => ({
        items: pending.map((write) => membershipUpdate(orgId, write, profiles[write.userId], projectOf.get(write.projectId))),
        entryOf: (index) => index,
      }),
      'Memberships',
    );
  }
  return written;
}

/**
 * The request's own application of its change, right after the change's transaction: a failure is
 * only logged, since the change is made and the stream consumer applies the same event.
 */
export async function applyMembershipChangesNow(
  orgId: string,
  changes: MembershipChange[],
  profiles: Record<string, MemberProfile> = {},
  projects: ProjectItem[] = [],
): Promise<void> {
  try {
    await applyMembershipChanges(orgId, changes, profiles, projects);
  } catch (error) {
    logger.warn('memberships left to the stream consumer', {
      orgId,
      projects: changes.map((change) => change.projectId),
      error: String((error as Error)?.message ?? error),
    });
  }
}

/**
 * The ids of the projects a user is a member of, as the stream consumer has applied the changes so
 * far (a moment behind a member change): one Query per MB, about 10,000 memberships each.
 */
export async function projectIdsOfMember(orgId: string, userId: string): Promise<Set<string>> {
  const items = await queryCollection<Pick<MembershipItem, 'projectId'>>(projectCollections.membershipsOfUser(orgId, userId), {
    projection: 'projectId',
    filter: { expression: '#member = :member', values: { ':member': true } },
    names: { '#member': 'member' },
  });
  return new Set(items.map((item) => item.projectId));
}
