import { beforeEach, describe, expect, it } from 'vitest';
import { invite } from '../invitations/invitation-support';
import { type ApiResponse, registerOrganization, request, uniqueEmail } from '../support/api';
import { randomClientAddress } from '../support/client-address';
import { outboxItemsTo, testTable } from '../support/table';
import { startWithinOneWindow } from '../support/throttle-window';
import { enrol, pendingCookieOf, stepUp } from '../support/two-factor';

/**
 * Issue 39, item 3: every limit is taken before the work it guards (reserve-then-check), so a burst
 * of parallel requests is evaluated at most as often as the limit allows. Each test fires BURST at
 * once and counts the answers that could only come from an evaluation (a wrong-password answer, a
 * mail sent) against the rest.
 */
const BURST = 50;

const burst = (send: (index: number) => Promise<ApiResponse>) =>
  Promise.all(Array.from({ length: BURST }, (_, index) => send(index)));
const countOf = (answers: ApiResponse[], status: number) => answers.filter((answer) => answer.status === status).length;
/**
 * A lost race must still be one of the route's own answers, never a 500. 503 ('The service is busy')
 * is allowed too: a burst of 50 with no password check between its calls can find DynamoDB Local's
 * connections full on this 2-core machine, and that answer did no work.
 */
const expectOnly = (answers: ApiResponse[], statuses: number[]) => {
  const unexpected = answers.filter((answer) => ![...statuses, 503].includes(answer.status));
  expect(unexpected.map((answer) => `${answer.status} ${answer.text}`)).toEqual([]);
};

describe('limits that hold under concurrency: bursts of 50 at once (issue 39, item 3)', { timeout: 240_000 }, () => {
  beforeEach(async () => {
    await startWithinOneWindow(60 * 60_000, 120_000);
    await startWithinOneWindow(15 * 60_000, 120_000);
  }, 240_000);

  it('sign-in: at most 10 wrong passwords of one account are checked; the rest are asked for an emailed code', async () => {
    const victim = await registerOrganization();
    const answers = await burst((index) =>
      request('/api/login', { body: { username: victim.email, password: `wrong-${index}` } }),
    );
    expect(countOf(answers, 401)).toBeLessThanOrEqual(10);
    expect(countOf(answers, 401)).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status === 200).every((answer) => answer.body.emailCodeRequired === true)).toBe(
      true,
    );
    expectOnly(answers, [200, 401]);
  });

  it("sign-in: the owner's right password amid a burst of wrong ones is answered, never 'The service is busy'", async () => {
    const victim = await registerOrganization();
    // Past the account's limit first, so the burst's failures are counted on the account's counters (the emailed-code gate).
    await burst((index) => request('/api/login', { body: { username: victim.email, password: `wrong-${index}` } }));
    const answers = await Promise.all(
      Array.from({ length: 31 }, (_, index) =>
        request('/api/login', { body: { username: victim.email, password: index === 15 ? victim.password : `again-${index}` } }),
      ),
    );
    // Counted by plain updates, not in transactions of their own: parallel failures no longer conflict with each other.
    expect(answers[15]!.status, answers[15]!.text).toBe(200);
    expect(answers[15]!.body.emailCodeRequired).toBe(true);
    expectOnly(answers, [200]);
  });

  it('sign-in: at most 30 failures from one address are checked, however many accounts they spread over', async () => {
    const address = randomClientAddress();
    const answers = await burst(() =>
      request('/api/login', { body: { username: uniqueEmail('spray'), password: '123456' }, clientAddress: address }),
    );
    expect(countOf(answers, 401)).toBeLessThanOrEqual(30);
    expectOnly(answers, [200, 401]);
  });

  it('two-factor sign-in: at most 10 wrong codes are checked for one user', async () => {
    const user = await registerOrganization();
    await enrol(user);
    const first = await request('/api/login', { body: { username: user.email, password: user.password } });
    const pending = pendingCookieOf(first);
    const answers = await burst(() => request('/api/login/mfa', { body: { code: '000000' }, cookie: pending }));
    expect(countOf(answers, 401)).toBeLessThanOrEqual(10);
    expect(countOf(answers, 429)).toBeGreaterThanOrEqual(BURST - 10);
    expectOnly(answers, [401, 429]);
  });

  it('change-password: at most 10 wrong current passwords are checked', async () => {
    const user = await registerOrganization();
    const answers = await burst((index) =>
      user.call('/api/user/change-password', { body: { currentPassword: `wrong-${index}`, newPassword: 'new-passphrase-1' } }),
    );
    expect(countOf(answers, 400)).toBeLessThanOrEqual(10);
    expect(countOf(answers, 429)).toBeGreaterThanOrEqual(BURST - 10);
    expectOnly(answers, [400, 429]);
  });

  it('two-factor enable and disable: at most 10 wrong proofs are checked for one user', async () => {
    const enabling = await registerOrganization();
    await stepUp(enabling);
    expect((await enabling.call('/api/user/mfa/setup', { method: 'POST' })).status).toBe(200);
    const enables = await burst(() => enabling.call('/api/user/mfa/enable', { body: { code: '000000' } }));
    expect(countOf(enables, 400)).toBeLessThanOrEqual(10);
    expectOnly(enables, [400, 429]);

    const disabling = await registerOrganization();
    await enrol(disabling);
    const disables = await burst((index) =>
      disabling.call('/api/user/mfa/disable', { body: { password: `wrong-${index}`, code: '000000' } }),
    );
    expect(countOf(disables, 400)).toBeLessThanOrEqual(10);
    expectOnly(disables, [400, 429]);
  });

  it('step-up: at most 10 wrong passwords are checked for one user; the rest are refused unchecked', async () => {
    const user = await registerOrganization();
    const answers = await burst((index) => user.call('/api/user/step-up', { body: { password: `wrong-${index}` } }));
    expect(countOf(answers, 400)).toBeLessThanOrEqual(10);
    expect(countOf(answers, 400)).toBeGreaterThan(0);
    expect(countOf(answers, 429)).toBeGreaterThanOrEqual(BURST - 10);
    expectOnly(answers, [400, 429]);
    // The burst used the user's proofs up: even the right password is not checked now.
    expect((await user.call('/api/user/step-up', { body: { password: user.password } })).status).toBe(429);
  });

  it('sign-in codes: at most 5 code mails an hour to one account, however many right passwords arrive at once', async () => {
    const owner = await registerOrganization();
    // Strangers' failures make every unknown browser prove itself with a mailed code (docs/decisions/040).
    await Promise.all(
      Array.from({ length: 11 }, (_, index) =>
        request('/api/login', { body: { username: owner.email, password: `stranger-guess-${index}` } }),
      ),
    );
    const answers = await burst(() => request('/api/login', { body: { username: owner.email, password: owner.password } }));
    expectOnly(answers, [200]);
    expect(answers.filter((answer) => answer.status === 200).every((answer) => answer.body.emailCodeRequired === true)).toBe(
      true,
    );
    // The mails are written with the counter, in the answer's own transaction: the outbox holds them all once the burst is answered.
    const { db, tableName } = testTable();
    const codeMails = (await outboxItemsTo(db, tableName, owner.email)).filter((item) => item.template === 'sign-in-code');
    expect(codeMails.length).toBeLessThanOrEqual(5);
    expect(codeMails.length).toBeGreaterThan(0);
  });

  it('password-reset requests: at most 30 from one client address an hour, whatever the emails', async () => {
    const address = randomClientAddress();
    const answers = await burst(() =>
      request('/api/password-reset/request', { body: { username: uniqueEmail('walk') }, clientAddress: address }),
    );
    expect(countOf(answers, 200)).toBeLessThanOrEqual(30);
    expect(countOf(answers, 200)).toBeGreaterThan(0);
    expect(countOf(answers, 429)).toBeGreaterThanOrEqual(BURST - 30);
    expectOnly(answers, [200, 429]);
  });

  it('password-reset requests: at most 5 mails to one address an hour', async () => {
    const user = await registerOrganization();
    const answers = await burst(() => request('/api/password-reset/request', { body: { username: user.email } }));
    expect(countOf(answers, 200)).toBeLessThanOrEqual(5);
    expect(countOf(answers, 429)).toBeGreaterThanOrEqual(BURST - 5);
    expectOnly(answers, [200, 429]);
  });

  it('verification resends: at most 3 an hour', async () => {
    const user = await registerOrganization();
    const answers = await burst(() => user.call('/api/email-verification/resend', { method: 'POST' }));
    expect(countOf(answers, 200)).toBeLessThanOrEqual(3);
    expectOnly(answers, [200, 429]);
  });

  it('invitation resends: at most 3 an hour for one invitation', async () => {
    const admin = await registerOrganization();
    const invitation = await invite(admin, uniqueEmail('invitee'));
    const answers = await burst(() => admin.call(`/api/organization/invitations/${invitation.id}/resend`, { method: 'POST' }));
    expect(countOf(answers, 200)).toBeLessThanOrEqual(3);
    expect(countOf(answers, 200)).toBeGreaterThan(0);
  });

  it('registrations: at most 5 from one address an hour', async () => {
    const address = randomClientAddress();
    const answers = await burst(() =>
      request('/api/register', {
        clientAddress: address,
        body: {
          username: uniqueEmail('burst'),
          password: 'a-long-passphrase',
          fullName: 'Burst Person',
          organizationName: 'Burst Org',
        },
      }),
    );
    expect(countOf(answers, 201)).toBeLessThanOrEqual(5);
    expectOnly(answers, [201, 429]);
  });

  it('invitation links: at most 10 lookups of one link', async () => {
    const token = crypto.randomUUID().replace(/-/g, '').padEnd(43, 'x');
    const answers = await burst(() => request('/api/invitations/lookup', { body: { token } }));
    // A 400 ('invalid invitation') is a lookup that was evaluated.
    expect(countOf(answers, 400), answers.map((answer) => answer.status).join(' ')).toBeLessThanOrEqual(10);
    expectOnly(answers, [400, 429]);
  });
});
