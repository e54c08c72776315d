import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../../infra/web/security-headers';
import { registerOrganization, request, uniqueEmail } from '../support/api';

const ULID_SHAPED = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const long = (length: number) => 'A'.repeat(length);

describe('bounded, clean input everywhere (issue 21, item 5)', () => {
  it('a 2.6 KB email on login and a 255-character email on registration are 400, never 500', async () => {
    const huge = `${long(2600)}@example.com`;
    const login = await request('/api/login', { body: { username: huge, password: 'whatever-it-is' } });
    expect(login.status).toBe(400);
    expect(login.body.fieldErrors.username).toBe('Please enter a valid email address');

    const tooLong = `${'a'.repeat(243)}@example.com`;
    expect(tooLong).toHaveLength(255);
    const register = await request('/api/register', {
      body: { username: tooLong, password: 'violet-harbour-42', fullName: 'Long Mail', organizationName: 'Long Org' },
    });
    expect(register.status).toBe(400);
    expect(register.body.fieldErrors.username).toBe('Please enter a valid email address');
  });

  it('over-long or odd ids in paths are 404 before any database call', async () => {
    const admin = await registerOrganization();
    const cases: [string, string][] = [
      ['GET', `/api/avatars/${long(3000)}/${randomUUID()}`],
      ['GET', `/api/avatars/${ULID_SHAPED}/${long(1100)}`],
      ['DELETE', `/api/organization/users/${long(1100)}`],
      ['PATCH', `/api/notifications/${long(1100)}/read`],
      ['GET', `/api/projects/${long(1100)}`],
      ['PATCH', `/api/organization/${long(1100)}`],
      ['DELETE', '/api/organization/users/..%2F..%2Fsomething'],
    ];
    for (const [method, path] of cases) {
      const response = await admin.call(path, {
        method,
        ...(method === 'PATCH' && path.includes('organization') ? { body: { name: 'X' } } : {}),
      });
      expect({ path: path.slice(0, 60), status: response.status }).toEqual({ path: path.slice(0, 60), status: 404 });
      expect(response.dbCalls).toBe(0);
    }
  });

  it('an 1,100-character member id in a members list is 400', async () => {
    const admin = await registerOrganization();
    const project = await admin.call('/api/projects', { body: { name: 'Bounded' } });
    const response = await admin.call(`/api/projects/${project.body.id}/members`, {
      method: 'PUT',
      body: { memberIds: [long(1100)] },
    });
    expect(response.status).toBe(400);
  });

  const NOT_ALLOWED = [
    ['zero-width only', '\u200b\u200c\u200d\u2060\ufeff'],
    ['a control character', 'Eve\u0007Bell'],
    ['a newline', 'Eve\nAdmin'],
    ['a right-to-left override', 'Eve\u202eNIMDA'],
    ['a directional isolate', 'Eve\u2067Admin\u2069'],
  ] as const;

  it.each(NOT_ALLOWED)('registration refuses a full name and an organization name with %s', async (_label, value) => {
    const response = await request('/api/register', {
      body: { username: uniqueEmail(), password: 'violet-harbour-42', fullName: value, organizationName: value },
    });
    expect(response.status).toBe(400);
    const zeroWidth = value.startsWith('\u200b');
    expect(response.body.fieldErrors.fullName).toBe(
      zeroWidth ? 'Full name is required' : 'Full name contains characters that are not allowed.',
    );
    expect(response.body.fieldErrors.organizationName).toBe(
      zeroWidth ? 'Organization name is required' : 'Organization name contains characters that are not allowed.',
    );
  });

  it('the profile, the organization, the user dialog and project names refuse a right-to-left override too', async () => {
    const admin = await registerOrganization();
    const spoof = 'Eve\u202eNIMDA';
    const profile = await admin.call('/api/user/profile', { method: 'PATCH', body: { fullName: spoof } });
    expect(profile.body.fieldErrors.fullName).toBe('Full name contains characters that are not allowed.');
    const organization = await admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { name: spoof } });
    expect(organization.body.fieldErrors.name).toBe('Organization name contains characters that are not allowed.');
    const user = await admin.call('/api/organization/users', {
      body: { username: uniqueEmail(), fullName: spoof, password: 'violet-harbour-42', role: 'staff' },
    });
    expect(user.body.fieldErrors.fullName).toBe('Full name contains characters that are not allowed.');
    const project = await admin.call('/api/projects', { body: { name: spoof } });
    expect(project.body.fieldErrors.name).toBe('Project name contains characters that are not allowed.');
    for (const response of [profile, organization, user, project]) expect(response.status).toBe(400);
  });

  it('names are stored trimmed; emoji joined by zero-width joiners stay allowed', async () => {
    const admin = await registerOrganization({ fullName: '  Ada Admin  ' });
    expect(admin.user.fullName).toBe('Ada Admin');
    const renamed = await admin.call('/api/user/profile', { method: 'PATCH', body: { fullName: 'Ada 👩‍💻' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.fullName).toBe('Ada 👩‍💻');
  });

  it('a malformed percent-encoding in a path is 400, on /api and on the site', async () => {
    for (const path of ['/api/projects/%E0%A4%A', '/api/%', '/dashboard%ZZ']) {
      const response = await request(path);
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
    }
  });

  it('/api answers carry the security headers CloudFront adds', async () => {
    for (const response of [
      await request('/api/user'),
      await request('/api/no-such-route'),
      await request('/api/projects/%E0'),
    ]) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
    }
  });
});
