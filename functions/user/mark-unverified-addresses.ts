import { TABLE_NAME } from '../db/client';
import { queryCollection } from '../db/query-collection';
import { getItem } from '../db/reads';
import { conditionHeld, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { organizationKeys } from '../organization/keys';
import type { UserItem } from './item';
import { userCollections, userKeys } from './keys';

/**
 * Marks `unverified` the email items of an organization's registration written before
 * docs/decisions/041, whose user never followed the verification link, so that an invitation to the
 * address can take such a hold over once accepted (docs/decisions/097). Only the user who registered the
 * organization held the address unproved (registration writes the organization and that user with
 * the same createdAt; an admin's Add User and an invitation's acceptance keep their holds, as
 * they do today). Each mark is one transaction, on condition the email item still names the user
 * and the user is still unverified: a verification in between wins. Idempotent: a marked item is
 * left alone.
 */
export async function markUnverifiedAddressesOfOrganization(orgId: string): Promise<{ candidates: number; marked: number }> {
  const org = await getItem(organizationKeys.organization(orgId), { consistentRead: true });
  if (!org) return { candidates: 0, marked: 0 };
  const users = await queryCollection<Pick<UserItem, 'id' | 'username' | 'createdAt' | 'emailVerified'>>(
    userCollections.usersOfOrganization(orgId),
    {
      consistentRead: true,
      projection: 'id, username, createdAt, emailVerified',
    },
  );
  const registrants = users.filter((user) => user.createdAt === org.createdAt && user.emailVerified !== true);
  let marked = 0;
  for (const user of registrants) {
    const written = await conditionHeld(
      transactWrite([
        {
          Update: {
            TableName: TABLE_NAME,
            Key: userKeys.email(user.username),
            ...updateExpression(
              { set: { unverified: true } },
              { expression: 'userId = :user AND attribute_not_exists(unverified)', values: { ':user': user.id } },
            ),
          },
        },
        {
          ConditionCheck: {
            TableName: TABLE_NAME,
            Key: userKeys.user(orgId, user.id),
            ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(emailVerified) OR emailVerified = :no)',
            ExpressionAttributeValues: { ':no': false },
          },
        },
      ]),
    );
    if (written) marked += 1;
  }
  return { candidates: registrants.length, marked };
}
