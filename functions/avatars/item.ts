import { randomUUID } from 'node:crypto';
import type { AvatarContentType } from '../../shared/schemas/user';
import { now } from '../clock';

/** One per user: `USER#<userId> / AVATAR` (avatarKeys.avatar), the image bytes (Binary) and the random version its public URL names. */
export interface AvatarItem {
  type: 'AVATAR';
  userId: string;
  orgId: string;
  version: string;
  contentType: AvatarContentType;
  data: Uint8Array;
  updatedAt: string;
}

/**
 * A user's new image. The version is random: the URL is what grants access to the image (see
 * docs/data-model.md, Avatars), and a new one on every upload lets browsers and CloudFront cache
 * each version forever.
 */
export function newAvatar(orgId: string, userId: string, contentType: AvatarContentType, data: Uint8Array): AvatarItem {
  return { type: 'AVATAR', userId, orgId, version: randomUUID(), contentType, data, updatedAt: now().toISOString() };
}

/** The public URL of an avatar's version: the user's avatarUrl in every response. */
export const avatarUrlOf = (item: Pick<AvatarItem, 'userId' | 'version'>) => `/api/avatars/${item.userId}/${item.version}`;
