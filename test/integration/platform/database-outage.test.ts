import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLER_TIMEOUT_SECONDS } from '../../../functions/routes';
import { freePort } from '../../../infra/local/free-port';
import { type LocalCloud, startLocalCloud } from '../../../infra/local/local-cloud';
import { SERVICE_BUSY_MESSAGE } from '../../../shared/api-error';
import { CLIENT_ADDRESS_HEADER, randomClientAddress } from '../support/client-address';

/** Clients sending a mix of reads and writes, each one request at a time. */
const CLIENTS = 4;
/** How long DynamoDB Local stays down. */
const OUTAGE_MS = 3_000;
/**
 * A request unanswered after this long is a hang: the emulator gives a handler the cloud function's
 * HANDLER_TIMEOUT_SECONDS and the chain answers 503 half a second before it (define-route.ts); the rest
 * is room for a crowded machine's event loop.
 */
const HANG_MS = (HANDLER_TIMEOUT_SECONDS + 5) * 1000;
/** Once DynamoDB Local answers again, every client must have succeeded again within this long (a few seconds; more on a crowded machine). */
const RECOVERY_MS = 10_000;

interface Answer {
  client: number;
  kind: 'register' | 'create' | 'list' | 'count' | 'user';
  status: number;
  retryAfter: string | null;
  body: unknown;
  sentAt: number;
  answeredAt: number;
  /** What a write asked for: the project's name, or the registration's email. */
  wrote?: string;
}

/**
 * The real DynamoDB Local process of a local cloud of its own (file-backed, so it can be started
 * again on the same data) is stopped in the middle of a load of reads and writes from several
 * clients, then started again (docs/decisions/019b).
 */
describe('a database outage in the middle of a load', () => {
  let cloud: LocalCloud;
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'growthwise-outage-'));
    cloud = await startLocalCloud({
      port: await freePort(),
      inMemory: false,
      dataDir: path.join(scratch, 'data'),
      buildDir: path.join(scratch, 'functions'),
      // The cloud's own request timeout, not the local cloud's longer one: the configuration under test.
      // Its handlers' log and metrics lines would join those of the suite's own cloud, which other tests count.
      env: { LOG_LEVEL: 'silent', POWERTOOLS_METRICS_DISABLED: 'true', DYNAMODB_REQUEST_TIMEOUT_MS: '' },
      // Every request is its own client, so the per-address sign-in and registration limits stay out of the load.
      clientAddressHeader: CLIENT_ADDRESS_HEADER,
    });
  }, 180_000);

  afterAll(async () => {
    await cloud?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }, 30_000);

  async function send(
    kind: Answer['kind'],
    client: number,
    apiPath: string,
    options: { body?: unknown; cookie?: string } = {},
  ): Promise<Answer> {
    const sentAt = Date.now();
    const response = await fetch(`${cloud.url}${apiPath}`, {
      method: options.body === undefined ? 'GET' : 'POST',
      headers: {
        [CLIENT_ADDRESS_HEADER]: randomClientAddress(),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(HANG_MS),
    }).catch((error: unknown) => error as Error);
    // A hang is an answer too (status 0), for the assertions to report with the others.
    if (response instanceof Error)
      return { client, kind, status: 0, retryAfter: null, body: response.message, sentAt, answeredAt: Date.now() };
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text: the assertion shows it
    }
    return {
      client,
      kind,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body,
      sentAt,
      answeredAt: Date.now(),
    };
  }

  const registration = (email: string) => ({
    username: email,
    password: 'secret-password',
    fullName: 'Outage Tester',
    organizationName: `Outage ${randomUUID().slice(0, 6)}`,
    plan: 'professional',
    billingCycle: 'monthly',
  });

  /** A new organization's admin, signed in; a 503 is tried again after its Retry-After, as a client should. */
  async function signUp(client: number): Promise<string> {
    for (let attempt = 1; ; attempt += 1) {
      const email = `outage-${randomUUID().slice(0, 12)}@example.com`;
      const response = await fetch(`${cloud.url}/api/register`, {
        method: 'POST',
        // A client of its own, as in the load: on a loaded machine a registration may answer 503 and be
        // tried again, and the tries of all four from one address reached the limit of 5 an hour (429).
        headers: { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: randomClientAddress() },
        body: JSON.stringify(registration(email)),
      });
      if (response.status === 503 && attempt < 5) {
        await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after')) * 1000));
        continue;
      }
      expect(response.status, `client ${client} signs up`).toBe(201);
      return response.headers.getSetCookie()[0]!.split(';')[0]!;
    }
  }

  it('answers 503 with Retry-After or succeeds, never 500 or a hang; keeps what it acknowledged; half-writes nothing; recovers by itself', async () => {
    const cookies = await Promise.all(Array.from({ length: CLIENTS }, (_, client) => signUp(client)));
    const answers: Answer[] = [];
    let stopping = false;

    // Each client in turn: create a project, list its projects, register a new organization, poll the count, read itself.
    async function run(client: number) {
      const cookie = cookies[client]!;
      for (let step = 0; !stopping; step += 1) {
        const name = `p-${client}-${step}-${randomUUID().slice(0, 6)}`;
        const email = `outage-${randomUUID().slice(0, 12)}@example.com`;
        const answer = await [
          () => send('create', client, '/api/projects', { cookie, body: { name } }).then((a) => ({ ...a, wrote: name })),
          () => send('list', client, '/api/projects', { cookie }),
          () => send('register', client, '/api/register', { body: registration(email) }).then((a) => ({ ...a, wrote: email })),
          () => send('count', client, '/api/notifications/unread/count', { cookie }),
          () => send('user', client, '/api/user', { cookie }),
        ][step % 5]!();
        answers.push(answer);
      }
    }

    const load = Promise.all(Array.from({ length: CLIENTS }, (_, client) => run(client)));
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 50));
    };
    const everyClient = (test: (answer: Answer) => boolean) => () =>
      Array.from({ length: CLIENTS }, (_, client) => client).every((client) =>
        answers.some((a) => a.client === client && test(a)),
      );
    // Down once every client has had a project acknowledged, so there is something to lose.
    await until(everyClient((a) => a.kind === 'create' && a.status === 201));
    await cloud.database.stop();
    const downAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    // From here DynamoDB Local may answer a handler's retry before it answers start()'s own readiness
    // poll (on a loaded machine, seconds before): what is answered from now on is not the outage's.
    const restartAt = Date.now();
    await cloud.database.start();
    const upAt = Date.now();
    await until(everyClient((a) => a.sentAt >= upAt && a.status < 300));
    stopping = true;
    await load;

    // Every answer, whenever it came: a success, or 503 with Retry-After and the busy message.
    const unexpected = answers.filter((a) => a.status >= 300 && a.status !== 503);
    expect(unexpected, 'answers other than success or 503').toEqual([]);
    for (const busy of answers.filter((a) => a.status === 503)) {
      expect(busy.retryAfter).toMatch(/^[1-9]\d*$/);
      expect(busy.body).toEqual({ message: SERVICE_BUSY_MESSAGE });
    }
    // The outage was met: every client was refused while the database was down, and everything sent
    // while it was down and answered before it was started again was refused.
    const sentWhileDown = answers.filter((a) => a.sentAt >= downAt);
    expect(sentWhileDown.filter((a) => a.answeredAt < upAt && a.status === 503).length).toBeGreaterThan(CLIENTS);
    expect(sentWhileDown.filter((a) => a.answeredAt < restartAt && a.status !== 503)).toEqual([]);

    // Recovery within seconds of DynamoDB Local answering again, for every client; after that nothing fails.
    const firstSuccesses = Array.from({ length: CLIENTS }, (_, client) =>
      Math.min(...answers.filter((a) => a.client === client && a.sentAt >= upAt && a.status < 300).map((a) => a.answeredAt)),
    );
    for (const [client, at] of firstSuccesses.entries()) expect(at - upAt, `client ${client} recovers`).toBeLessThan(RECOVERY_MS);
    expect(answers.filter((a) => a.sentAt > Math.max(...firstSuccesses) && a.status >= 300)).toEqual([]);

    // Every acknowledged project is there, those acknowledged before the outage included; a 503'd one is either wholly there or not at all.
    expect(answers.filter((a) => a.kind === 'create' && a.status === 201 && a.answeredAt < downAt).length).toBeGreaterThanOrEqual(
      CLIENTS,
    );
    for (let client = 0; client < CLIENTS; client += 1) {
      const listed = await send('list', client, '/api/projects', { cookie: cookies[client] });
      expect(listed.status).toBe(200);
      const names = new Map((listed.body as { name: string; id: string }[]).map((project) => [project.name, project.id]));
      for (const write of answers.filter((a) => a.client === client && a.kind === 'create')) {
        if (write.status === 201) expect(names.has(write.wrote!), `acknowledged project ${write.wrote}`).toBe(true);
        const id = names.get(write.wrote!);
        if (write.status === 503 && id)
          expect((await send('list', client, `/api/projects/${id}`, { cookie: cookies[client] })).status).toBe(200);
      }
    }
    // Registrations write the organization, the user and the email's claim in one transaction: an
    // acknowledged one signs in; a 503'd one either signs in or leaves its email free for a new try.
    for (const write of answers.filter((a) => a.kind === 'register')) {
      const signIn = await send('user', write.client, '/api/login', {
        body: { username: write.wrote, password: 'secret-password' },
      });
      if (write.status === 201) expect(signIn.status, `acknowledged registration ${write.wrote}`).toBe(200);
      else if (signIn.status !== 200)
        expect((await send('register', write.client, '/api/register', { body: registration(write.wrote!) })).status).toBe(201);
    }
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(0);
    // Java's start is the slow part (seconds on a quiet machine, a minute on a crowded one).
  }, 240_000);
});
