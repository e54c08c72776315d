import { describe, expect, it } from 'vitest';
import { conditionHeld, failedConditionIndexes, isConditionFailure, isTransactionConflict } from './transactions';

const cancelled = (...codes: string[]) =>
  Object.assign(new Error('cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('transaction failures', () => {
  it('names the items whose condition failed by their index in the transaction', () => {
    const error = cancelled('None', 'ConditionalCheckFailed', 'None', 'ConditionalCheckFailed');
    expect([...failedConditionIndexes(error)]).toEqual([1, 3]);
    expect(isConditionFailure(error)).toBe(true);
    expect(isTransactionConflict(error)).toBe(false);
  });

  it('tells a lost race from a failed condition', () => {
    const error = cancelled('TransactionConflict', 'None');
    expect(isTransactionConflict(error)).toBe(true);
    expect(isConditionFailure(error)).toBe(false);
    expect(failedConditionIndexes(error).size).toBe(0);
  });

  it('reads a single conditional write and any other error', () => {
    expect(isConditionFailure(Object.assign(new Error('x'), { name: 'ConditionalCheckFailedException' }))).toBe(true);
    expect(failedConditionIndexes(new Error('throttled')).size).toBe(0);
    expect(isConditionFailure('not an error')).toBe(false);
  });
});

describe('conditionHeld', () => {
  it('answers whether the write happened, false only when it failed on a condition', async () => {
    await expect(conditionHeld(Promise.resolve({}))).resolves.toBe(true);
    await expect(
      conditionHeld(Promise.reject(Object.assign(new Error('x'), { name: 'ConditionalCheckFailedException' }))),
    ).resolves.toBe(false);
    await expect(conditionHeld(Promise.reject(cancelled('None', 'ConditionalCheckFailed')))).resolves.toBe(false);
  });

  it('throws any other failure', async () => {
    const conflict = cancelled('TransactionConflict');
    await expect(conditionHeld(Promise.reject(conflict))).rejects.toBe(conflict);
  });
});
