import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import { batchGet, getItem, keyId } from '../db/reads';
import { conditionHeld } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import type { MembershipChange } from '../events/change-event';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';
import { projectKeys } from './keys';
import { type MemberProfile, type MemberSetItem, memberProfileOf } from './member-set';
import { projectIdsOfMember } from './memberships';

/**
 * The copies of a member's name, email, avatar and role in the member sets of their projects
 * (docs/decisions/063), kept current after the fact by the stream consumer. Each copy carries the
 * user's profileVersion it was made at and is only ever replaced by a newer one, so copies written
 * in any order, and any number of times, end as the user's newest profile.
 */

/** Replaces the copy in one set if the set has one and it is older; false when it had none or a newer one. */
function renewCopy(orgId: string, projectId: string, userId: string, profile: MemberProfile): Promise<boolean> {
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: projectKeys.projectMembers(orgId, projectId),
        ...updateExpression(
          { setIn: { profiles: { [userId]: profile } } },
          // No copy (a set written before them, or the member gone): nothing to renew, the read falls back to the user item.
          {
            expression: 'attribute_exists(profiles.#member) AND profiles.#member.v < :copied',
            names: { '#member': userId },
            values: { ':copied': profile.v },
          },
        ),
      }),
    ),
  );
}

/**
 * After a user's profile changed: the user (strongly) and their memberships, then each set's copy
 * renewed. A redelivery finds every copy current and writes nothing. Answers the copies renewed.
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
 * After a member change, for those it added: a rename committed between the PUT's read of the users
 * and its memberships being written is found by neither the PUT nor the rename's own renewal (which
 * looked for memberships before they existed). The set and the added users are read again
 * (strongly) and only copies older than their user are renewed: nothing is written in the usual case.
 */
export async function renewAddedMembersCopies(orgId: string, changes: MembershipChange[]): Promise<number> {
  let renewed = 0;
  for (const change of changes) {
    if (change.added.length === 0) continue;
    const set = await getItem<MemberSetItem>(projectKeys.projectMembers(orgId, change.projectId), { consistentRead: true });
    const copies = set?.profiles ?? {};
    const copied = change.added.filter((id) => copies[id]);
    if (copied.length === 0) continue;
    const found = await batchGet(
      copied.map((id) => userKeys.user(orgId, id)),
      { consistentRead: true },
    );
    for (const id of copied) {
      const user = found.get(keyId(userKeys.user(orgId, id))) as UserItem | undefined;
      if (
        user &&
        (user.profileVersion ?? 0) > copies[id]!.v &&
        (await renewCopy(orgId, change.projectId, id, memberProfileOf(user)))
      )
        renewed += 1;
    }
  }
  return renewed;
}
