import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsSoFar, dbTimeSoFar, runCounting, startCall } from './call-counter';

/** performance.now() as the test sets it. */
function clock() {
  let now = 1_000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  return (ms: number) => {
    now = ms + 1_000;
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a request's DynamoDB calls", () => {
  it('are counted, and the time with at least one under way is summed, overlapping calls once', async () => {
    const at = clock();
    await runCounting(async () => {
      at(0);
      const first = startCall();
      at(5);
      const second = startCall();
      at(10);
      first();
      expect(dbTimeSoFar(), 'a call still under way counts up to now').toBe(10);
      at(12);
      second();
      at(20);
      const third = startCall();
      at(23);
      third();
      at(40);
      expect(callsSoFar()).toBe(3);
      expect(dbTimeSoFar(), '0–12 with one or two under way, then 20–23').toBe(15);
    });
  });

  it('end once however often their end is reported (a retry path that ends twice adds nothing)', async () => {
    const at = clock();
    await runCounting(async () => {
      at(0);
      const call = startCall();
      at(4);
      call();
      at(9);
      call();
      expect(dbTimeSoFar()).toBe(4);
    });
  });

  it('belong to their own request', async () => {
    const at = clock();
    at(0);
    await runCounting(async () => {
      startCall()();
    });
    await runCounting(async () => {
      expect([callsSoFar(), dbTimeSoFar()]).toEqual([0, 0]);
    });
    expect([callsSoFar(), dbTimeSoFar()], 'outside a request').toEqual([0, 0]);
  });
});
