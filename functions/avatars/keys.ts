import { keyOf, USER } from '../db/keys';
import type { AvatarItem } from './item';

/** The key of a person's avatar (docs/data-model.md, Avatars). */
export const avatarKeys = {
  avatar: (userId: string) => keyOf<AvatarItem>(`${USER}${userId}`, 'AVATAR'),
} as const;
