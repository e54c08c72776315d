import { describe, expect, it } from 'vitest';
import { MODEL_TIMEOUT_MS } from '../assistant/bedrock-provider';
import { HANDLER_TIMEOUT_SECONDS } from '../routes';
import { allowanceLeft, allowanceOf, secondsUntilNextDay, usageOn } from './assistant-allowance';

describe('the assistant’s allowance', () => {
  it('counts only today’s usage against the plan’s allowance', () => {
    const allowance = allowanceOf('professional');
    expect(allowanceOf('unknown-plan')).toEqual(allowance);
    expect(usageOn({ day: '2025-03-11', requests: 200, tokens: 9 }, '2025-03-12')).toEqual({
      day: '2025-03-12',
      requests: 0,
      tokens: 0,
    });
    expect(allowanceLeft({ day: 'd', requests: allowance.requestsPerDay - 1, tokens: 0 }, allowance)).toBe(true);
    expect(allowanceLeft({ day: 'd', requests: allowance.requestsPerDay, tokens: 0 }, allowance)).toBe(false);
    expect(allowanceLeft({ day: 'd', requests: 0, tokens: allowance.tokensPerDay }, allowance)).toBe(false);
  });

  it('renews at midnight UTC', () => {
    expect(secondsUntilNextDay(new Date('2025-03-12T23:59:30.000Z'))).toBe(30);
    expect(secondsUntilNextDay(new Date('2025-03-12T00:00:00.000Z'))).toBe(86_400);
  });

  it('gives a model call less time than its function has', () => {
    expect(MODEL_TIMEOUT_MS).toBeLessThan(HANDLER_TIMEOUT_SECONDS * 1000 - 2000);
  });
});
