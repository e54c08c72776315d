import { type Key, keyOf, USER } from '../db/keys';
import type { SignInCodeItem } from './sign-in-codes';

/** The keys of sign-ins under way (docs/data-model.md, Sign-in). */
export const authKeys = {
  /** The first step of a two-factor sign-in, named by the pending cookie. */
  pendingSignIn: (userId: string, pendingId: string): Key => ({ PK: `${USER}${userId}`, SK: `MFA_PENDING#${pendingId}` }),
  /**
   * A sign-in waiting for its emailed one-time code (docs/decisions/040), named by its cookie. Its own
   * partition: it exists for unknown emails and wrong passwords too, which have no user.
   */
  signInCode: (id: string) => keyOf<SignInCodeItem>(`SIGNIN_CODE#${id}`, 'SIGNIN_CODE'),
} as const;
