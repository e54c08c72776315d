import { describe, expect, it } from 'vitest';
import { MENTION_MAILS_PER_HOUR, mentionMailAllowed, mentionMailTimesAfter } from './mention-mail-cap';

const HOUR = 3_600_000;

describe('the mention mail cap', () => {
  it(`mails a person at most ${MENTION_MAILS_PER_HOUR} mentions in any hour, and again once the oldest is an hour old`, () => {
    let person = {};
    const start = Date.parse('2026-12-02T10:59:00Z');
    const mailed: number[] = [];
    for (let minute = 0; minute < 8; minute += 1) {
      const at = start + minute * 60_000;
      if (!mentionMailAllowed(person, at)) continue;
      mailed.push(minute);
      person = { mentionMailTimes: mentionMailTimesAfter(person, at) };
    }
    // An hour's boundary on the clock (11:00) does not start a new allowance: the hour is a rolling one.
    expect(mailed).toEqual([0, 1, 2, 3, 4]);
    expect(mentionMailAllowed(person, start + HOUR - 1)).toBe(false);
    expect(mentionMailAllowed(person, start + HOUR)).toBe(true);
    expect(mentionMailTimesAfter(person, start + HOUR)).toEqual([1, 2, 3, 4, 60].map((minute) => start + minute * 60_000));
  });

  it('keeps no more than the hour’s times on the person’s record', () => {
    const old = Date.parse('2026-12-01T08:00:00Z');
    expect(mentionMailTimesAfter({ mentionMailTimes: [old, old + 1] }, old + 2 * HOUR)).toEqual([old + 2 * HOUR]);
  });
});
