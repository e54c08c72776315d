import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestScoped } from './request-scope';

afterEach(() => vi.unstubAllEnvs());

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('requestScoped', () => {
  it('keeps concurrent requests apart where one process serves several at once (the emulator, tests)', async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', undefined);
    const scope = requestScoped<string>();
    const seen = await Promise.all(
      ['first', 'second'].map((name) =>
        scope.run(name, async () => {
          await pause();
          return scope.get();
        }),
      ),
    );
    expect(seen).toEqual(['first', 'second']);
    expect(scope.get()).toBeUndefined();
  });

  it('keeps each scope its own value when two are nested, as the call counter inside a metrics scope is', async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', undefined);
    const calls = requestScoped<string>();
    const metrics = requestScoped<string>();
    const seen = await metrics.run('metrics', () =>
      calls.run('calls', async () => {
        await pause();
        return [metrics.get(), calls.get()];
      }),
    );
    expect(seen).toEqual(['metrics', 'calls']);
    expect(await calls.run('outer', () => calls.run('inner', async () => calls.get()))).toBe('inner');
    expect([calls.get(), metrics.get()]).toEqual([undefined, undefined]);
  });

  it("keeps them apart in Lambda's multi-concurrency mode too", async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
    vi.stubEnv('AWS_LAMBDA_MAX_CONCURRENCY', '8');
    const scope = requestScoped<string>();
    const seen = await Promise.all(['first', 'second'].map((name) => scope.run(name, async () => (await pause(), scope.get()))));
    expect(seen).toEqual(['first', 'second']);
  });

  it('in a Lambda environment serving one request at a time: the value through every await of the request, none after it', async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
    const scope = requestScoped<{ calls: number }>();
    const result = await scope.run({ calls: 0 }, async () => {
      scope.get()!.calls += 1;
      await pause();
      scope.get()!.calls += 1;
      return scope.get();
    });
    expect(result).toEqual({ calls: 2 });
    expect(scope.get()).toBeUndefined();
    await expect(scope.run({ calls: 0 }, async () => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(scope.get()).toBeUndefined();
  });
});
