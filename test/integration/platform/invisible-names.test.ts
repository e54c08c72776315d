import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { userKeys } from '../../../functions/user/keys';
import { registerOrganization, request, uniqueEmail } from '../support/api';
import { testTable } from '../support/table';

/**
 * Issue 39, finding 12, through the API: names that hide characters inside visible text, pile up
 * combining marks, or show nothing at all are refused with the field's message (shared/schemas/fields.ts),
 * at registration and when a person renames themselves, and nothing is written.
 */
const HIDING = [
  ['a zero-width space inside visible text', 'Ada\u200bAdmin'],
  ['a soft hyphen', 'Ada\u00adAdmin'],
  ['a tag character', 'Ada Admin\u{E0041}'],
  ['a flood of combining marks', `Ada${'\u0301'.repeat(8)} Admin`],
] as const;

/** Blank Braille patterns only: a name that shows nothing. */
const BLANK_ONLY = '\u2800\u2800\u2800';

const register = (email: string, name: string) =>
  request('/api/register', { body: { username: email, password: 'violet-harbour-42', fullName: name, organizationName: name } });

async function emailItemOf(email: string) {
  const { db, tableName } = testTable();
  return (await db.send(new GetCommand({ TableName: tableName, Key: userKeys.email(email) }))).Item;
}

describe('names that hide characters are refused, and nothing is written (issue 39, finding 12)', () => {
  it.each(HIDING)(
    'registration refuses a full name and an organization name with %s, creating no account',
    async (_label, name) => {
      const email = uniqueEmail('hiding');
      const refused = await register(email, name);
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors).toEqual({
        fullName: 'Full name contains characters that are not allowed.',
        organizationName: 'Organization name contains characters that are not allowed.',
      });
      expect(await emailItemOf(email)).toBeUndefined();
    },
  );

  it('registration refuses names of only blank Braille characters as missing, creating no account', async () => {
    const email = uniqueEmail('blank');
    const refused = await register(email, BLANK_ONLY);
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      fullName: 'Full name is required',
      organizationName: 'Organization name is required',
    });
    expect(await emailItemOf(email)).toBeUndefined();
  });

  it('the profile refuses each of them with the field’s message and keeps the name as it was', async () => {
    const user = await registerOrganization({ fullName: 'Ada Admin' });
    for (const [label, name] of HIDING) {
      const refused = await user.call('/api/user/profile', { method: 'PATCH', body: { fullName: name } });
      expect(refused.status, label).toBe(400);
      expect(refused.body.fieldErrors, label).toEqual({ fullName: 'Full name contains characters that are not allowed.' });
    }
    const blank = await user.call('/api/user/profile', { method: 'PATCH', body: { fullName: BLANK_ONLY } });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors).toEqual({ fullName: 'Full name must be at least 2 characters.' });
    expect((await user.call('/api/user')).body.fullName).toBe('Ada Admin');
  });
});
