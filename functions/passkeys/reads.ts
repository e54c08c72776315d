import { queryCollection } from '../db/query-collection';
import { getItem } from '../db/reads';
import type { PasskeyItem } from './item';
import { passkeyCollections, passkeyKeys } from './keys';

/** The user's passkeys, newest first (one Query of their partition's PASSKEY# items). */
export async function listPasskeys(userId: string): Promise<PasskeyItem[]> {
  // Read again right after the user adds or removes one: the list must show it.
  const passkeys = await queryCollection<PasskeyItem>(passkeyCollections.passkeysOfUser(userId), { consistentRead: true });
  return passkeys.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** One of the user's passkeys by its credential id (the key holds the user: another's is not found). */
export const findPasskey = (userId: string, credentialId: string) =>
  getItem(passkeyKeys.passkey(userId, credentialId), { consistentRead: true });
