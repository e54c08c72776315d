import { expect } from 'vitest';
import { type SignedIn, login, uniqueEmail } from '../support/api';

/** An admin adds a user to their organization through the API, who then signs in. */
export async function addUser(admin: SignedIn, fullName: string, role: 'admin' | 'staff' = 'staff'): Promise<SignedIn> {
  const email = uniqueEmail(fullName.split(' ')[0]!.toLowerCase());
  const added = await admin.call('/api/organization/users', { body: { username: email, fullName, password: 'member-password', role } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return login(email, 'member-password');
}
