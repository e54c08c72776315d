import type { Request } from '@middy/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LambdaResult, RouteEvent } from '../http/types';

/** What Secrets Manager holds for the origin-verify secret, by version stage. */
const stored = vi.hoisted(() => ({ versions: {} as Record<string, string | undefined>, reads: 0 }));

vi.mock('@aws-sdk/client-secrets-manager', async (importOriginal) => {
  const { secretsManagerByStage } = await import('../../test/support/secrets-manager-by-stage');
  return secretsManagerByStage(await importOriginal(), stored);
});

const OLD = 'o'.repeat(48);
const NEW = 'n'.repeat(48);

function event(originVerify: string | undefined): RouteEvent {
  return {
    headers: originVerify === undefined ? {} : { 'x-origin-verify': originVerify },
    requestContext: { http: { method: 'GET', sourceIp: '203.0.113.9' } },
  } as unknown as RouteEvent;
}

/** A fresh Lambda container running the guard with the given deployed value. */
async function guardOf(deployed: string) {
  vi.stubEnv('ORIGIN_VERIFY_SECRET', deployed);
  vi.resetModules();
  const { requestGuard } = await import('./request-guard');
  const before = requestGuard().before!;
  return async (header: string | undefined) => {
    try {
      await before({ event: event(header) } as Request<RouteEvent, LambdaResult>);
      return 'passed';
    } catch (error) {
      return (error as { statusCode?: number }).statusCode;
    }
  };
}

describe('origin verify across a rotation of its secret', () => {
  beforeEach(() => {
    vi.stubEnv('ORIGIN_VERIFY_SECRET_ARN', 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:origin-verify');
    stored.versions = { AWSCURRENT: OLD };
    stored.reads = 0;
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.useRealTimers();
  });

  it('passes the deployed value without reading Secrets Manager, refuses a missing header', async () => {
    const guard = await guardOf(OLD);
    expect(await guard(OLD)).toBe('passed');
    expect(await guard(undefined)).toBe(403);
    expect(await guard('')).toBe(403);
    expect(stored.reads).toBe(0);
  });

  it('accepts the previous value in a function deployed with the new one, and the new one before it is deployed', async () => {
    // put-secret-value: NEW becomes AWSCURRENT, OLD AWSPREVIOUS; CloudFront's edges switch one by one.
    stored.versions = { AWSCURRENT: NEW, AWSPREVIOUS: OLD };
    const deployedWithNew = await guardOf(NEW);
    expect(await deployedWithNew(OLD)).toBe('passed');
    expect(await deployedWithNew(NEW)).toBe('passed');
    const deployedWithOld = await guardOf(OLD);
    expect(await deployedWithOld(NEW)).toBe('passed');
    expect(await deployedWithOld('x'.repeat(48))).toBe(403);
  });

  it('refuses the value two rotations ago', async () => {
    stored.versions = { AWSCURRENT: 'c'.repeat(48), AWSPREVIOUS: NEW };
    expect(await (await guardOf('c'.repeat(48)))(OLD)).toBe(403);
  });

  it('reads Secrets Manager at most once a minute however many wrong headers arrive', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const guard = await guardOf(OLD);
    for (let i = 0; i < 20; i += 1) expect(await guard(`wrong-${i}`)).toBe(403);
    expect(stored.reads).toBe(2);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await guard('wrong')).toBe(403);
    expect(stored.reads).toBe(4);
  });
});
