import type { SendMail } from './transport';

interface Pace {
  /** Milliseconds on a monotonic clock. */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const realPace: Pace = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Sends at most `perSecond` mails in any second from this sender, one every 1/perSecond seconds (a
 * token bucket of one: a bigger one would let two seconds' worth into one sliding second): SES
 * refuses sends past the account's sending rate, and a refused send costs a retry. Each
 * sender of the stage (the mailer, its sweeper) runs one at a time and gets its share of the rate
 * (infra/constructs/mailer.ts), so together they stay under it. Sends wait their turn in order.
 */
export function pacedSend(send: SendMail, perSecond: number, pace: Pace = realPace): SendMail {
  let tokens = 1;
  let refilledAt = pace.now();
  let queue: Promise<unknown> = Promise.resolve();
  const takeToken = async () => {
    for (;;) {
      const now = pace.now();
      tokens = Math.min(1, tokens + ((now - refilledAt) / 1000) * perSecond);
      refilledAt = now;
      if (tokens >= 1) {
        tokens -= 1;
        return;
      }
      await pace.sleep(Math.ceil(((1 - tokens) / perSecond) * 1000));
    }
  };
  return (to, mail) => {
    const turn = queue.then(takeToken);
    queue = turn.catch(() => undefined);
    return turn.then(() => send(to, mail));
  };
}
