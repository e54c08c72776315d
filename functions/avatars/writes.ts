import type { AvatarContentType } from '../../shared/schemas/user';
import { TABLE_NAME } from '../db/client';
import { keys } from '../db/keys';
import { transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { profileChangedEvent, profileVersionRaise } from '../events/change-event';
import { avatarUrlOf, newAvatar } from './item';

/** Stores a user's new image and points their avatarUrl at it, in one transaction. */
export async function saveAvatar(orgId: string, userId: string, contentType: AvatarContentType, data: Buffer): Promise<string> {
  const item = newAvatar(orgId, userId, contentType, data);
  const avatarUrl = avatarUrlOf(item);
  await transactWrite([
    { Put: { TableName: TABLE_NAME, Item: { ...keys.avatar(userId), ...item } } },
    {
      Update: {
        TableName: TABLE_NAME,
        Key: keys.user(orgId, userId),
        ...updateExpression({ set: { avatarUrl }, add: profileVersionRaise }, { expression: 'attribute_exists(PK)' }),
      },
    },
    // Project member lists show the avatar from copies (docs/decisions/063).
    ...profileChangedEvent(orgId, userId),
  ]);
  return avatarUrl;
}
