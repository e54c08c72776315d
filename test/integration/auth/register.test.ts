import { describe, expect, it } from 'vitest';
import { request, uniqueEmail } from '../support/api';

const valid = () => ({
  username: uniqueEmail(),
  password: 'secret-one-1',
  fullName: 'Ann Lee',
  organizationName: 'Acme',
  plan: 'professional',
  billingCycle: 'monthly',
});

describe('POST /api/register', () => {
  it('creates the organization and makes its first user admin', async () => {
    const body = valid();
    const response = await request('/api/register', { body });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      username: body.username,
      fullName: 'Ann Lee',
      avatarUrl: null,
      roles: [{ role: 'admin', organization: { name: 'Acme' } }],
    });
  });

  it('a taken email is 409, compared case-insensitively', async () => {
    const body = valid();
    expect((await request('/api/register', { body })).status).toBe(201);
    const again = await request('/api/register', { body: { ...body, username: body.username.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBeTruthy();
  });

  it('20 registrations racing for one email: exactly one wins, the others are 409', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request('/api/register', {
          body: { ...valid(), username: i % 2 ? email : email.toUpperCase(), organizationName: `Org ${i}` },
        }),
      ),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
  });

  it.each([
    ['fullName', { fullName: '' }, 'Full name is required'],
    ['organizationName', { organizationName: '   ' }, 'Organization name is required'],
    ['username', { username: 'not-an-email' }, 'Please enter a valid email address'],
    ['password', { password: '12345' }, 'Password must be at least 6 characters long'],
  ])('%s that fails validation is 400 with the spec message', async (field, change, message) => {
    const response = await request('/api/register', { body: { ...valid(), ...change } });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors[field]).toBe(message);
  });

  it('a password longer than 72 bytes is 400, never truncated', async () => {
    // 25 three-byte characters: 25 characters, 75 bytes.
    const response = await request('/api/register', { body: { ...valid(), password: '€'.repeat(25) } });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors.password).toMatch(/72 bytes/);
  });
});
