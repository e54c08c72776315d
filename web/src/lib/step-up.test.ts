import { STEP_UP_REQUIRED, STEP_UP_REQUIRED_MESSAGE } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { stepUpStore, withStepUp } from './step-up';

const refusal = () => new ApiError(403, `403: ${STEP_UP_REQUIRED_MESSAGE}`, undefined, STEP_UP_REQUIRED);

/** A change the API refuses once for want of a step-up, then does; counts its sends. */
function refusedOnce() {
  let sends = 0;
  return {
    change: async () => {
      sends += 1;
      if (sends === 1) throw refusal();
      return 'done';
    },
    sends: () => sends,
  };
}

describe("a security change waits for 'Confirm it's you'", () => {
  it('asks once refused, and sends the change again once the person confirms', async () => {
    const { change, sends } = refusedOnce();
    const result = withStepUp(change);
    await expect.poll(() => stepUpStore.getSnapshot()).toBeDefined();
    expect(sends()).toBe(1);
    stepUpStore.confirm();
    await expect(result).resolves.toBe('done');
    expect(sends()).toBe(2);
    expect(stepUpStore.getSnapshot()).toBeUndefined();
  });

  it("fails with the API's refusal when the person cancels, without sending it again", async () => {
    const { change, sends } = refusedOnce();
    const result = withStepUp(change);
    await expect.poll(() => stepUpStore.getSnapshot()).toBeDefined();
    stepUpStore.cancel();
    await expect(result).rejects.toMatchObject({ status: 403, code: STEP_UP_REQUIRED });
    expect(sends()).toBe(1);
  });

  it('passes any other failure through without asking', async () => {
    const failure = new ApiError(400, '400: Password is incorrect');
    await expect(withStepUp(() => Promise.reject(failure))).rejects.toBe(failure);
    expect(stepUpStore.getSnapshot()).toBeUndefined();
  });
});
