import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** What Secrets Manager holds for the session secret, by version stage (the mock below reads it). */
const stored = vi.hoisted(() => ({ versions: {} as Record<string, string | undefined>, reads: 0 }));

vi.mock('@aws-sdk/client-secrets-manager', async (importOriginal) => {
  const { secretsManagerByStage } = await import('../../test/support/secrets-manager-by-stage');
  return secretsManagerByStage(await importOriginal(), stored);
});

const KEY_A = 'a'.repeat(40);
const KEY_B = 'b'.repeat(40);
const KEY_C = 'c'.repeat(40);
const claims = { sessionId: 'session-1', userId: 'user-1', orgId: 'org-1' };
const inAnHour = () => Date.now() + 3_600_000;

/** A fresh Lambda container: the modules (and their cached keys) loaded anew. */
async function container() {
  vi.resetModules();
  return import('./token');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('session tokens across a key rotation (local keys)', () => {
  it('accepts a token signed with the previous key until it expires, and refuses any other key', async () => {
    vi.stubEnv('SESSION_SECRET', KEY_A);
    const beforeRotation = await container();
    const signedWithA = await beforeRotation.signSessionToken(claims, inAnHour());
    const expiredWithA = await beforeRotation.signSessionToken(claims, Date.now() - 1000);

    vi.stubEnv('SESSION_SECRET', KEY_B);
    vi.stubEnv('SESSION_SECRET_PREVIOUS', KEY_A);
    const afterRotation = await container();
    expect(await afterRotation.verifySessionToken(signedWithA)).toEqual(claims);
    expect(await afterRotation.verifySessionToken(expiredWithA)).toBeUndefined();
    expect(await afterRotation.verifySessionToken(await afterRotation.signSessionToken(claims, inAnHour()))).toEqual(claims);

    vi.stubEnv('SESSION_SECRET', KEY_C);
    const unknownKey = await (await container()).signSessionToken(claims, inAnHour());
    vi.stubEnv('SESSION_SECRET', KEY_B);
    expect(await (await container()).verifySessionToken(unknownKey)).toBeUndefined();
  });
});

describe('session tokens across a key rotation (Secrets Manager)', () => {
  beforeEach(() => {
    vi.stubEnv('SESSION_SECRET_ARN', 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:session');
    stored.versions = { AWSCURRENT: KEY_A };
    stored.reads = 0;
  });

  it('keeps old tokens valid after put-secret-value and teaches a warm container the new key', async () => {
    const warm = await container();
    const signedWithA = await warm.signSessionToken(claims, inAnHour());

    // put-secret-value: the new value becomes AWSCURRENT, the old one AWSPREVIOUS.
    stored.versions = { AWSCURRENT: KEY_B, AWSPREVIOUS: KEY_A };
    const cold = await container();
    const signedWithB = await cold.signSessionToken(claims, inAnHour());
    expect(await cold.verifySessionToken(signedWithA)).toEqual(claims);
    // The warm container still holds A: the token signed with B makes it read the secret again.
    expect(await warm.verifySessionToken(signedWithB)).toEqual(claims);
    expect(await warm.verifySessionToken(signedWithA)).toEqual(claims);

    // A second rotation drops A.
    stored.versions = { AWSCURRENT: KEY_C, AWSPREVIOUS: KEY_B };
    const later = await container();
    expect(await later.verifySessionToken(signedWithB)).toEqual(claims);
    expect(await later.verifySessionToken(signedWithA)).toBeUndefined();
  });

  it('signs with the new key once a warm container has seen it', async () => {
    const warm = await container();
    stored.versions = { AWSCURRENT: KEY_B, AWSPREVIOUS: KEY_A };
    const signedWithB = await (await container()).signSessionToken(claims, inAnHour());
    expect(await warm.verifySessionToken(signedWithB)).toEqual(claims);
    const signedByWarm = await warm.signSessionToken(claims, inAnHour());

    stored.versions = { AWSCURRENT: KEY_C, AWSPREVIOUS: KEY_B };
    expect(await (await container()).verifySessionToken(signedByWarm)).toEqual(claims);
  });

  it('reads Secrets Manager at most once a minute however many forged tokens arrive', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = await container();
    await tokens.signSessionToken(claims, inAnHour()); // the cold start's one read
    stored.versions = { AWSCURRENT: KEY_C };
    const forged = await (await container()).signSessionToken(claims, inAnHour());
    stored.versions = { AWSCURRENT: KEY_A };
    stored.reads = 0;
    for (let i = 0; i < 20; i += 1) expect(await tokens.verifySessionToken(forged)).toBeUndefined();
    expect(stored.reads).toBe(2); // AWSCURRENT and AWSPREVIOUS, once
    vi.setSystemTime(Date.now() + 61_000);
    await tokens.verifySessionToken(forged);
    expect(stored.reads).toBe(4);
  });
});
