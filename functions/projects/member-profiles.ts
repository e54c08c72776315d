import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import { queryCollection } from '../db/query-collection';
import { batchGet, getItem, keyId } from '../db/reads';
import { conditionHeld } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import type { MembershipChange } from '../events/change-event';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';
import type { ProjectItem } from './item';
import { projectCollections, projectKeys, projectMembersKey } from './keys';
import { renewListCopy } from './list-copies';
import type { MemberSetItem } from './member-set';
import { type CopiedMembershipItem, type MemberProfile, memberProfileOf, projectIdsOfMember } from './memberships';

/**
 * The copies of a member's name, email, avatar and role on their memberships (docs/decisions/063,
 * 103), kept current after the fact by the stream consumer. Each copy carries the user's
 * profileVersion it was made at and is only ever replaced by a newer one, so copies written in any
 * order, and any number of times, end as the user's newest profile. A copy is a membership's own
 * small item: renewing it rewrites nothing of anyone else.
 */

/**
 * Gives one current membership the copy if it has none or an older one, and its place in the
 * membersOfProject index if it lacks it (a membership written before docs/decisions/103); false
 * when it has a newer copy or is not current.
 */
function renewCopy(orgId: string, projectId: string, userId: string, profile: MemberProfile): Promise<boolean> {
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: projectKeys.membership(orgId, userId, projectId),
        ...updateExpression(
          { set: { profile, projectMembersKey: projectMembersKey(orgId, projectId) } },
          // A former membership keeps no copy; a later change that ended it wins over this renewal.
          {
            expression:
              '#member = :member AND (attribute_not_exists(profile) OR profile.v < :copied OR attribute_not_exists(projectMembersKey))',
            names: { '#member': 'member' },
            values: { ':member': true, ':copied': profile.v },
          },
        ),
      }),
    ),
  );
}

/**
 * After a user's profile changed: the user (strongly) and their memberships, then each
 * membership's copy renewed, one small UpdateItem per project of the person. A redelivery finds
 * every copy current and writes nothing. Answers the copies renewed.
 */
export async function renewProfileCopies(orgId: string, userId: string): Promise<number> {
  const user = await getItem<UserItem>(userKeys.user(orgId, userId), { consistentRead: true });
  if (!user) return 0;
  const profile = memberProfileOf(user);
  let renewed = 0;
  for (const projectId of await projectIdsOfMember(orgId, userId))
    if (await renewCopy(orgId, projectId, userId, profile)) renewed += 1;
  return renewed;
}

/**
 * After a member change, for those it added: the memberships the stream consumer wrote itself carry
 * no copy (the request that would have written them stopped first), and a rename committed between
 * the PUT's read of the users and its memberships being written is found by neither the PUT nor the
 * rename's own renewal (which looked for memberships before they existed). The added memberships
 * and users are read again (strongly) and only missing or older copies are written: nothing in the
 * usual case.
 */
export async function renewAddedMembersCopies(orgId: string, changes: MembershipChange[]): Promise<number> {
  let renewed = 0;
  for (const change of changes) {
    if (change.added.length === 0) continue;
    const membershipKeys = change.added.map((id) => projectKeys.membership(orgId, id, change.projectId));
    const userKeysOf = change.added.map((id) => userKeys.user(orgId, id));
    const projectKey = projectKeys.project(orgId, change.projectId);
    const found = await batchGet([...membershipKeys, ...userKeysOf, projectKey], { consistentRead: true });
    // Likewise the copy of the project 'My projects' lists (docs/decisions/104), from the project as it is now.
    const project = found.get(keyId(projectKey)) as ProjectItem | undefined;
    for (const [index, id] of change.added.entries()) {
      const membership = found.get(keyId(membershipKeys[index]!)) as CopiedMembershipItem | undefined;
      const user = found.get(keyId(userKeysOf[index]!)) as UserItem | undefined;
      if (!membership?.member) continue;
      if (project && (membership.listedVersion ?? -1) < project.version && (await renewListCopy(orgId, id, project)))
        renewed += 1;
      if (!user) continue;
      if (membership.projectMembersKey && membership.profile && membership.profile.v >= (user.profileVersion ?? 0)) continue;
      if (await renewCopy(orgId, change.projectId, id, memberProfileOf(user))) renewed += 1;
    }
  }
  return renewed;
}

/**
 * The one-off move of docs/decisions/103 for one organization: every member set's members get their
 * copy on their membership, from the user as it is now (strongly read), and the set loses the copies
 * it held. Idempotent: a second run finds every copy current and every set without copies, and
 * writes nothing. Answers the sets read, the copies written and the sets emptied of copies.
 */
export async function moveProfileCopiesOfOrganization(orgId: string): Promise<{ sets: number; copied: number; emptied: number }> {
  const sets = await queryCollection<MemberSetItem & { profiles?: unknown }>(projectCollections.memberSetsOfOrganization(orgId), {
    consistentRead: true,
  });
  let copied = 0;
  let emptied = 0;
  for (const set of sets) {
    copied += await renewAddedMembersCopies(orgId, [{ projectId: set.projectId, version: 0, added: set.memberIds, removed: [] }]);
    if (set.profiles === undefined) continue;
    await db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: projectKeys.projectMembers(orgId, set.projectId),
        UpdateExpression: 'REMOVE profiles',
      }),
    );
    emptied += 1;
  }
  return { sets: sets.length, copied, emptied };
}
