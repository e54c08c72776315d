import { describe, expect, it } from 'vitest';
import { pacedSend } from './paced-send';

/** A clock that only moves when the sender sleeps: what each send's start time was, in ms. */
function fakePace() {
  let now = 0;
  return { pace: { now: () => now, sleep: async (ms: number) => void (now += ms) }, at: () => now };
}

const mail = { subject: 's', text: 't', html: 'h' };

describe('the mailer keeps under the sending rate', () => {
  it('sends one every 1/rate seconds, in order, never more than the rate in any second', async () => {
    const { pace, at } = fakePace();
    const started: [string, number][] = [];
    const send = pacedSend(async (to) => void started.push([to, at()]), 5, pace);
    await Promise.all(Array.from({ length: 12 }, (_, index) => send(`p${index}@example.com`, mail)));
    expect(started.map(([to]) => to)).toEqual(Array.from({ length: 12 }, (_, index) => `p${index}@example.com`));
    // 12 sends at 5 a second: 200 ms apart.
    expect(started.map(([, time]) => time)).toEqual(Array.from({ length: 12 }, (_, index) => index * 200));
    const inAnySecond = Math.max(
      ...started.map(([, from]) => started.filter(([, time]) => time >= from && time < from + 1000).length),
    );
    expect(inAnySecond).toBeLessThanOrEqual(5);
  });

  it('a failed send fails its own call and does not stop the ones after it', async () => {
    const { pace } = fakePace();
    const send = pacedSend(
      async (to) => {
        if (to === 'bad@example.com') throw new Error('refused');
      },
      2,
      pace,
    );
    const results = await Promise.allSettled(['a@example.com', 'bad@example.com', 'c@example.com'].map((to) => send(to, mail)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
