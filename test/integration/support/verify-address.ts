import { expect } from 'vitest';
import { type SignedIn, request } from './api';
import { tokenFromMail, waitForMail } from './inbox';

const VERIFY_SUBJECT = 'Verify your email address';

/** Follows the verification link mailed to `user` at registration: their address is proved from now on. */
export async function verifyAddress(user: SignedIn) {
  const token = tokenFromMail(await waitForMail(user.email, VERIFY_SUBJECT), '/verify-email');
  expect((await request('/api/email-verification/confirm', { body: { token } })).status).toBe(200);
}
