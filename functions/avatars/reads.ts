import { getItem } from '../db/reads';
import { NotFound } from '../domain/errors';
import type { AvatarItem } from './item';
import { avatarKeys } from './keys';

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
