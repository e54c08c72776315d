import { expect } from 'vitest';
import type { ApiResponse, SignedIn } from '../support/api';
import { request } from '../support/api';
import { type CaughtMail, mailsTo, tokenFromMail } from '../support/inbox';

export const INVITE_PATH = '/api/organization/invitations';
export const INVITATION_SUBJECT = 'invited you to join';

/** An admin invites an address; the answer must be 201. */
export async function invite(admin: SignedIn, email: string, role: 'admin' | 'staff' = 'staff') {
  const answer = await admin.call(INVITE_PATH, { body: { email, role } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as {
    id: string;
    email: string;
    role: string;
    status: string;
    expiresAt: string;
    createdAt: string;
    invitedBy: { id: string; fullName: string };
  };
}

/** Waits for invitation mail number `count` to `email` (the outbox is asynchronous, and may be behind the burst of mails an earlier file queued) and answers it with its token. */
export async function invitationMail(email: string, count = 1, timeoutMs = 60_000): Promise<{ mail: CaughtMail; token: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await mailsTo(email)).filter((mail) => mail.subject.includes(INVITATION_SUBJECT));
    if (mails.length >= count) {
      const mail = mails[count - 1]!;
      return { mail, token: tokenFromMail(mail, '/invite') };
    }
    if (Date.now() > deadline) throw new Error(`${email} has ${mails.length} of ${count} invitation mails`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const lookUp = (token: string) => request('/api/invitations/lookup', { body: { token } });

export const accept = (token: string, fullName = 'Ivy Invitee', password = 'invited-password-42'): Promise<ApiResponse> =>
  request('/api/invitations/accept', { body: { token, fullName, password } });
