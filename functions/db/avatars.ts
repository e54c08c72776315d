import { randomUUID } from 'node:crypto';
import type { AvatarContentType } from '../../shared/schemas/account';
import { NotFound } from '../domain/errors';
import { TABLE_NAME } from './client';
import { keys } from './keys';
import { getItem } from './reads';
import { transactWrite } from './transactions';

/** One per user: the image bytes (Binary) and the random version its public URL names. */
export interface AvatarItem {
  type: 'AVATAR';
  userId: string;
  orgId: string;
  version: string;
  contentType: AvatarContentType;
  data: Uint8Array;
  updatedAt: string;
}

export const avatarUrlOf = (userId: string, version: string) => `/api/avatars/${userId}/${version}`;

/**
 * Stores a user's new image and points their avatarUrl at it, in one transaction. The version is
 * random: the URL is what grants access to the image (see docs/data-model.md, Avatars), and a new
 * one on every upload lets browsers and CloudFront cache each version forever.
 */
export async function saveAvatar(orgId: string, userId: string, contentType: AvatarContentType, data: Buffer): Promise<string> {
  const version = randomUUID();
  const avatarUrl = avatarUrlOf(userId, version);
  const item: AvatarItem = { type: 'AVATAR', userId, orgId, version, contentType, data, updatedAt: new Date().toISOString() };
  await transactWrite([
    { Put: { TableName: TABLE_NAME, Item: { ...keys.avatar(userId), ...item } } },
    {
      Update: {
        TableName: TABLE_NAME,
        Key: keys.user(orgId, userId),
        UpdateExpression: 'SET avatarUrl = :url',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':url': avatarUrl },
      },
    },
  ]);
  return avatarUrl;
}

/** The stored image, only when the URL names its current version (older versions are gone). */
export async function getAvatar(userId: string, version: string): Promise<AvatarItem> {
  const item = await getItem<AvatarItem>(keys.avatar(userId));
  if (!item || item.version !== version) throw new NotFound();
  return item;
}
