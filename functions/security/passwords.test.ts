import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const passwords = () => import('./passwords');

describe('password hashes', () => {
  it('are bcrypt at cost 10 unless the stage says otherwise, and verify only the right password', async () => {
    vi.stubEnv('PASSWORD_HASH_COST', '');
    vi.stubEnv('STAGE', 'prod');
    const { hashPassword, verifyPassword } = await passwords();
    const hash = await hashPassword('correct horse');
    expect(bcrypt.getRounds(hash)).toBe(10);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
    expect(await verifyPassword('correct horse', undefined)).toBe(false);
  });

  it('are cheaper in the local stage when PASSWORD_HASH_COST asks, unknown emails compared at the same cost', async () => {
    vi.stubEnv('PASSWORD_HASH_COST', '4');
    vi.stubEnv('STAGE', 'local');
    const { hashPassword, verifyPassword } = await passwords();
    expect(bcrypt.getRounds(await hashPassword('correct horse'))).toBe(4);
    const compare = vi.spyOn(bcrypt, 'compare');
    expect(await verifyPassword('correct horse', undefined)).toBe(false);
    expect(bcrypt.getRounds(compare.mock.calls[0]![1])).toBe(4);
  });

  it('refuse a cost below 10 anywhere but the local stage, and a cost that is not one', async () => {
    vi.stubEnv('PASSWORD_HASH_COST', '4');
    vi.stubEnv('STAGE', 'prod');
    await expect((await passwords()).hashPassword('correct horse')).rejects.toThrow('local stage only');
    vi.resetModules();
    vi.stubEnv('STAGE', 'local');
    vi.stubEnv('PASSWORD_HASH_COST', 'four');
    await expect((await passwords()).hashPassword('correct horse')).rejects.toThrow('integer from 4 to 31');
  });
});
