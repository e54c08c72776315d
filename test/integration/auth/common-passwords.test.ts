import { describe, expect, it } from 'vitest';
import { registerOrganization, request, uniqueEmail } from '../support/api';

const TOO_COMMON = 'This password is too common. Choose a different one.';

const register = (password: string) =>
  request('/api/register', {
    body: { username: uniqueEmail('common'), password, fullName: 'Cora Common', organizationName: 'Common Org' },
  });

describe('common and whitespace-only passwords are refused (issue 21, item 3)', () => {
  it.each(['123456', 'password', 'PassWord', 'qwerty123', '      '])(
    'registration with %j is 400 with the message under the password field',
    async (password) => {
      const response = await register(password);
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors.password).toBe(TOO_COMMON);
    },
  );

  it.each(['654321', '121212', 'aaaaaa', '888888', 'abcdef', '987654321'])(
    'registration with %j, easy to guess though not on the list, is 400 with its message under the password field',
    async (password) => {
      const response = await register(password);
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors.password).toMatch(/^This password is too (common|easy to guess)/);
    },
  );

  it('an uncommon password still registers, and the spec minimum keeps its own message', async () => {
    expect((await register('violet-harbour-42')).status).toBe(201);
    expect((await register('12')).body.fieldErrors.password).toBe('Password must be at least 6 characters long');
  });

  it('change-password refuses a common new password under newPassword and keeps the old one', async () => {
    const admin = await registerOrganization();
    const response = await admin.call('/api/user/change-password', {
      body: { currentPassword: admin.password, newPassword: 'iloveyou' },
    });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors.newPassword).toBe(TOO_COMMON);
    expect((await request('/api/login', { body: { username: admin.email, password: admin.password } })).status).toBe(200);
  });

  it('an admin cannot set a common password for a user, on creation or update', async () => {
    const admin = await registerOrganization();
    const email = uniqueEmail('staff');
    const create = await admin.call('/api/organization/users', {
      body: { username: email, fullName: 'Sam Staff', password: 'letmein', role: 'staff' },
    });
    expect(create.status).toBe(400);
    expect(create.body.fieldErrors.password).toBe(TOO_COMMON);
    expect(
      (
        await admin.call('/api/organization/users', {
          body: { username: email, fullName: 'Sam Staff', password: 'sam-is-unique-9', role: 'staff' },
        })
      ).status,
    ).toBe(201);
    const update = await admin.call('/api/organization/users', {
      body: { username: email, fullName: 'Sam Staff', password: '        ', role: 'staff' },
    });
    expect(update.status).toBe(400);
    expect(update.body.fieldErrors.password).toBe(TOO_COMMON);
  });
});
