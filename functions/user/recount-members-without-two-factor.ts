import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import { queryCollection } from '../db/query-collection';
import { updateExpression } from '../db/update-expression';
import { organizationKeys } from '../organization/keys';
import { MEMBERS_WITHOUT_TWO_FACTOR } from '../organization/members-without-two-factor';
import { type UserItem, hasTwoFactor } from './item';
import { userCollections } from './keys';

/**
 * Sets an organization's count of members without two-factor to a recount of its user items (SET,
 * an absolute value: running it again changes nothing). For organizations from before the count
 * (docs/decisions/054); moves the stream consumer has not added yet would come on top, so run it
 * with the stream drained.
 */
export async function recountMembersWithoutTwoFactor(orgId: string): Promise<number> {
  const users = await queryCollection<Pick<UserItem, 'mfaEnabled' | 'passkeyCount'>>(userCollections.usersOfOrganization(orgId), {
    projection: 'mfaEnabled, passkeyCount',
    consistentRead: true,
  });
  const without = users.filter((user) => !hasTwoFactor(user)).length;
  await db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: organizationKeys.organization(orgId),
      ...updateExpression({ set: { [MEMBERS_WITHOUT_TWO_FACTOR]: without } }, { expression: 'attribute_exists(PK)' }),
    }),
  );
  return without;
}
