import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { type ApiResponse, registerOrganization, request, uniqueEmail } from '../support/api';
import { randomClientAddress } from '../support/client-address';
import { startWithinOneWindow } from '../support/throttle-window';

/** POST /api/login's answer when failures ask for more proof (docs/decisions/040). */
const MORE_PROOF = { emailCodeRequired: true };

const signIn = (username: string, password: string, clientAddress = randomClientAddress()) =>
  request('/api/login', { body: { username, password }, clientAddress });

const registration = (clientAddress: string) =>
  request('/api/register', {
    clientAddress,
    body: {
      username: uniqueEmail('burst'),
      password: 'a-long-passphrase',
      fullName: 'Burst Person',
      organizationName: 'Burst Org',
    },
  });

function expectRetryAfterWithin(response: { headers: Headers }, maxSeconds: number) {
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

/** The delay the handler recorded for a request (its 'password attempt slowed' log line), 0 when none. */
async function recordedDelayMs(response: ApiResponse): Promise<number> {
  const lines = (await readFile(inject('handlerLogFile'), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const slowed = lines.find(
    (line) => line.message === 'password attempt slowed' && line.correlationId === response.headers.get('x-request-id'),
  );
  return typeof slowed?.delayMs === 'number' ? slowed.delayMs : 0;
}

// Each test makes 10–40 requests one after another, most of them a bcrypt comparison, and a slowed
// attempt waits up to 2 s in the handler: the tests run side by side (each has accounts and client
// addresses of its own), so the file takes its slowest test's time rather than the sum of their waits.
describe('throttles that follow the account and the client (issue 21, item 2)', { timeout: 180_000, concurrent: true }, () => {
  // Each test counts to a limit of a 15-minute or 60-minute window within about a minute.
  beforeEach(async () => {
    await startWithinOneWindow(60 * 60_000, 90_000);
    await startWithinOneWindow(15 * 60_000, 90_000);
  }, 200_000);

  it('failed sign-ins count per account across addresses: after 10, any other browser (a fourth address too) is asked for the emailed code', async () => {
    const victim = await registerOrganization();
    const addresses = [randomClientAddress(), randomClientAddress(), randomClientAddress()];
    const answers: ApiResponse[] = [];
    for (const address of addresses) {
      for (let i = 0; i < 11; i += 1) answers.push(await signIn(victim.email, `wrong-${i}`, address));
    }
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(401));
    expect(answers.slice(10).every((answer) => answer.status === 200 && answer.body.emailCodeRequired === true)).toBe(true);

    const right = await signIn(victim.email, victim.password);
    expect(right.status).toBe(200);
    expect(right.body).toEqual(MORE_PROOF);
  });

  it('an unknown email is limited exactly like a real one, so asking for a code tells nothing about existence', async () => {
    const ghost = uniqueEmail('ghost');
    const known = await registerOrganization();
    for (let i = 0; i < 10; i += 1) expect((await signIn(ghost, `wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < 10; i += 1) expect((await signIn(known.email, `wrong-${i}`)).status).toBe(401);
    const ghostAsked = await signIn(ghost, 'wrong-again');
    const knownAsked = await signIn(known.email, 'wrong-again');
    expect([ghostAsked.status, knownAsked.status]).toEqual([200, 200]);
    expect(ghostAsked.body).toEqual(MORE_PROOF);
    expect(knownAsked.body).toEqual(MORE_PROOF);
  });

  it('slowed, then asked for more proof: from the 5th failure each attempt waits longer (capped), alike for a known and an unknown account; the 11th asks for the code', async () => {
    const known = await registerOrganization();
    const delaysOf = async (email: string) => {
      const delays: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const answer = await signIn(email, `wrong-${i}`);
        expect(answer.status).toBe(401);
        delays.push(await recordedDelayMs(answer));
      }
      return delays;
    };
    const knownDelays = await delaysOf(known.email);
    expect(knownDelays).toEqual([0, 0, 0, 0, 0, 250, 500, 1000, 2000, 2000]);
    expect(await delaysOf(uniqueEmail('ghost'))).toEqual(knownDelays);

    // Not slowed: the code, not the wait, is what stops a guesser now.
    const asked = await signIn(known.email, known.password);
    expect(asked.body).toEqual(MORE_PROOF);
    expect(await recordedDelayMs(asked)).toBe(0);
  });

  it('one address spraying a password over many emails is asked for codes after 30 failures: it learns nothing more', async () => {
    const address = randomClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await signIn(uniqueEmail('spray'), '123456', address)).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    const asked = await signIn(uniqueEmail('spray'), '123456', address);
    expect(asked.body).toEqual(MORE_PROOF);
    // Another address is not affected.
    const owner = await registerOrganization();
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
  });

  it('a correct sign-in below the limit clears the account counter', async () => {
    const admin = await registerOrganization();
    for (let i = 0; i < 9; i += 1) expect((await signIn(admin.email, `wrong-${i}`)).status).toBe(401);
    expect((await signIn(admin.email, admin.password)).status).toBe(200);
    for (let i = 0; i < 9; i += 1) expect((await signIn(admin.email, `wrong-again-${i}`)).status).toBe(401);
    expect((await signIn(admin.email, admin.password)).status).toBe(200);
  });

  it("wrong current passwords on change-password count: 30 tries end in 429; they are the user's own proofs, so sign-in stays open", async () => {
    const admin = await registerOrganization();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      statuses.push(
        (
          await admin.call('/api/user/change-password', {
            body: { currentPassword: `wrong-${i}`, newPassword: 'new-passphrase' },
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]));
    const locked = await admin.call('/api/user/change-password', {
      body: { currentPassword: admin.password, newPassword: 'new-passphrase' },
    });
    expect(locked.status).toBe(429);
    expectRetryAfterWithin(locked, 15 * 60);
    expect((await signIn(admin.email, admin.password)).status).toBe(200);
  });

  it('registration is limited per client address: the 6th in an hour is 429 with Retry-After, another address still registers', async () => {
    const address = randomClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await registration(address)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    const refused = await registration(address);
    expect(refused.body.message).toBe('Too many registrations from this address. Please try again later.');
    expectRetryAfterWithin(refused, 60 * 60);
    expect((await registration(randomClientAddress())).status).toBe(201);
  });

  it('one IPv6 /64 is one client (issue 39, finding 14): the 5 registrations of 2001:db8:…::1 leave none to …::ffff of the same /64, while another /64 registers', async () => {
    // A /64 of its own (under 2001:db8::/32, the documentation prefix), so no other test or run counts in it.
    const [third, fourth] = [randomInt(0x10000), randomInt(0x10000)];
    const network = `2001:db8:${third.toString(16)}:${fourth.toString(16)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await registration(`${network}::1`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const neighbour = await registration(`${network}::ffff`);
    expect(neighbour.status).toBe(429);
    expect(neighbour.body.message).toBe('Too many registrations from this address. Please try again later.');
    // The same /64 written out in full is still the same client.
    expect((await registration(`${network}:0:0:0:abcd`)).status).toBe(429);
    // The next /64 over is another client.
    expect((await registration(`2001:db8:${third.toString(16)}:${(fourth ^ 1).toString(16)}::1`)).status).toBe(201);
  });
});
