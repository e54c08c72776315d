import type { AvatarContentType } from '../../shared/schemas/user';
import { TABLE_NAME } from '../db/client';
import { getItem } from '../db/reads';
import { transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { NotFound } from '../domain/errors';
import { profileChangedEvent, profileVersionRaise } from '../events/change-event';
import { userKeys } from '../user/keys';
import { type AvatarItem, avatarUrlOf, newAvatar } from './item';
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

/**
 * The stored image, only when the URL names its current version (older versions are gone). Read
 * eventually consistent (an image costs up to 48 read units strongly, half that so), and strongly
 * only when that read does not find the version: right after an upload the uploader's page asks
 * for the new URL at once, and a stale copy must not answer it 404.
 */
export async function getAvatar(userId: string, version: string): Promise<AvatarItem> {
  const current = (item: AvatarItem | undefined): item is AvatarItem => item?.version === version;
  const item = await getItem(avatarKeys.avatar(userId));
  if (current(item)) return item;
  const fresh = await getItem(avatarKeys.avatar(userId), { consistentRead: true });
  if (!current(fresh)) throw new NotFound();
  return fresh;
}
