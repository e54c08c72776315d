import bcrypt from 'bcryptjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmailItem } from '../user/item';

const loadUserWithOrganization = vi.fn();
vi.mock('../user/reads', () => ({ loadUserWithOrganization }));

const { checkPassword, unknownAddressFailure } = await import('./password-check');

const knownAddress = { orgId: '01JORG', userId: '01JUSER' } as EmailItem;

beforeEach(() => {
  vi.stubEnv('STAGE', 'local');
  vi.stubEnv('PASSWORD_HASH_COST', '4');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  loadUserWithOrganization.mockReset();
});

// Issue 63, finding 2: an unknown address skipped the user's read and the comparison, and answered 150 to 350 ms sooner.
describe('checkPassword does the same work for an unknown address as for a known one', () => {
  it('reads a user and an organization and compares one hash, the dummy hash for an unknown address', async () => {
    const passwordHash = await bcrypt.hash('the right one', 4);
    loadUserWithOrganization.mockResolvedValueOnce({ user: { passwordHash }, org: {} }).mockResolvedValueOnce(undefined);
    const compare = vi.spyOn(bcrypt, 'compare');

    expect((await checkPassword(knownAddress, 'a wrong one')).valid).toBe(false);
    expect((await checkPassword(undefined, 'a wrong one')).valid).toBe(false);

    expect(loadUserWithOrganization).toHaveBeenCalledTimes(2);
    expect(loadUserWithOrganization.mock.calls[1]).toEqual([expect.any(String), expect.any(String)]);
    expect(compare).toHaveBeenCalledTimes(2);
    const [knownHash, unknownHash] = compare.mock.calls.map(([, hash]) => hash);
    expect(knownHash).toBe(passwordHash);
    // A real bcrypt hash at the account's cost, not a shortcut.
    expect(unknownHash).not.toBe(passwordHash);
    expect(bcrypt.getRounds(unknownHash!)).toBe(bcrypt.getRounds(passwordHash));
  });

  it('compares the dummy hash for an account without a password (single sign-on only), and never answers valid', async () => {
    loadUserWithOrganization.mockResolvedValueOnce({ user: {}, org: {} });
    const compare = vi.spyOn(bcrypt, 'compare');
    expect((await checkPassword(knownAddress, '')).valid).toBe(false);
    expect(compare).toHaveBeenCalledTimes(1);
    expect(compare.mock.calls[0]![1]).toMatch(/^\$2[aby]\$04\$/);
  });

  it('gives an unknown address one transactional write in place of the audit entry, a check that always holds', () => {
    expect(unknownAddressFailure('nobody@example.test')).toEqual({
      ConditionCheck: expect.objectContaining({
        Key: expect.objectContaining({ PK: expect.stringContaining('nobody@example.test') }),
        ConditionExpression: 'attribute_not_exists(PK) OR attribute_exists(PK)',
      }),
    });
  });
});
