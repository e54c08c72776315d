import * as authEndpoints from '@shared/contract/auth';
import type { UserResponse } from '@shared/schemas/auth';
import { ApiError, call } from '../api-client';
import { clearSessionHint } from '../session-hint';

/** GET /api/user for a browser with a session hint; a 401 means the hint is stale: it is cleared, and the visitor is signed out. */
export async function requestCurrentUser(): Promise<UserResponse | null> {
  try {
    return await call(authEndpoints.currentUser, { signedOutIsAnAnswer: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearSessionHint();
      return null;
    }
    throw error;
  }
}
