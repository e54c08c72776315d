import type { AvatarContentType } from '../../shared/schemas/user';
import { TABLE_NAME } from '../db/client';
import { transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { profileChangedEvent, profileVersionRaise } from '../events/change-event';
import { userKeys } from '../user/keys';
import { avatarUrlOf, newAvatar } from './item';
import { avatarKeys } from './keys';

/** Stores a user's new image and points their avatarUrl at it, in one transaction. */
export async function saveAvatar(orgId: string, userId: string, contentType: AvatarContentType, data: Buffer): Promise<string> {
  const item = newAvatar(orgId, userId, contentType, data);
  const avatarUrl = avatarUrlOf(item);
  await transactWrite([
    { Put: { TableName: TABLE_NAME, Item: { ...avatarKeys.avatar(userId), ...item } } },
    {
      Update: {
        TableName: TABLE_NAME,
        Key: userKeys.user(orgId, userId),
        ...updateExpression({ set: { avatarUrl }, add: profileVersionRaise }, { expression: 'attribute_exists(PK)' }),
      },
    },
    // Project member lists show the avatar from copies (docs/decisions/063).
    ...profileChangedEvent(orgId, userId),
  ]);
  return avatarUrl;
}
