import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { BUSINESS_METRICS, COLD_START_METRIC, metricsNamespace } from '../../../functions/observability/metric-names';
import { type ApiResponse, registerOrganization, request } from '../support/api';
import { eventually } from '../support/eventually';
import { addUserThroughApi } from '../support/org-members';
import { startWithinOneWindow } from '../support/throttle-window';

type Line = Record<string, any>;

const handlerLog = async (): Promise<Line[]> =>
  (await readFile(inject('handlerLogFile'), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);

/** The EMF line a request wrote (metrics carry its API Gateway request id as metadata). */
const metricsOf = (lines: Line[], response: ApiResponse) => {
  const found = lines.filter((line) => line._aws && line.correlationId === response.headers.get('x-request-id'));
  expect(found.length, `one EMF line for request ${response.headers.get('x-request-id')}`).toBe(1);
  const line = found[0]!;
  const names = line._aws.CloudWatchMetrics[0].Metrics.map((metric: { Name: string }) => metric.Name) as string[];
  return { line, names };
};

const requestLineOf = (lines: Line[], response: ApiResponse) =>
  lines.find((line) => line.message?.startsWith('request') && line.correlationId === response.headers.get('x-request-id'));

describe("the handlers' log", () => {
  it('holds one line per request with route, status, duration, request and correlation ids, cold start, DynamoDB calls and their time, and the organization', async () => {
    const admin = await registerOrganization();
    const answer = await admin.call('/api/projects');
    expect(answer.status).toBe(200);
    const line = requestLineOf(await handlerLog(), answer);
    expect(line).toMatchObject({
      level: 'INFO',
      message: 'request',
      service: 'growthwise',
      route: 'GET /api/projects',
      status: 200,
      durationMs: expect.any(Number),
      requestId: expect.any(String),
      correlationId: answer.headers.get('x-request-id'),
      coldStart: expect.any(Boolean),
      dbCalls: answer.dbCalls,
      dbMs: expect.any(Number),
      orgId: admin.orgId,
    });
    expect(line!.dbMs, "the time of its DynamoDB calls, within the request's").toBeGreaterThan(0);
    expect(line!.dbMs).toBeLessThanOrEqual(line!.durationMs + 0.1);
  });

  it('never holds a password, an email, a name or a cookie value, over the whole run so far', async () => {
    const admin = await registerOrganization({
      fullName: 'Secretive Sam',
      organizationName: 'Hush Hush Org',
      password: 'correct-horse-battery-9',
    });
    await request('/api/login', { body: { username: admin.email, password: 'wrong-horse-battery-0' } });
    await admin.call('/api/projects', { body: { name: 'Covert launch' } });
    await admin.call('/api/user/profile', { method: 'PATCH', body: { fullName: 'Secretive Samuel' } });
    const text = await readFile(inject('handlerLogFile'), 'utf8');
    expect(text.length, 'the run wrote log lines').toBeGreaterThan(0);
    const cookieValue = admin.cookie.split('=')[1]!;
    for (const secret of [
      admin.password,
      'wrong-horse-battery-0',
      admin.email,
      admin.email.split('@')[0]!,
      'Secretive Sam',
      'Hush Hush Org',
      'Covert launch',
      cookieValue,
    ]) {
      expect(text.includes(secret), `the log holds "${secret}"`).toBe(false);
    }
  });
});

describe('the business metrics (CloudWatch embedded metric format)', () => {
  it('counts a registration, a sign-in that succeeded and one that failed, a project created and notifications written', async () => {
    const admin = await registerOrganization();
    const grace = await addUserThroughApi(admin, 'Grace Hopper');
    const signedIn = await request('/api/login', { body: { username: admin.email, password: admin.password } });
    const refused = await request('/api/login', { body: { username: admin.email, password: 'not-the-password' } });
    const project = await admin.call('/api/projects', { body: { name: 'Metrics launch' } });
    const members = await admin.call(`/api/projects/${project.body.id}/members`, {
      method: 'PUT',
      body: { memberIds: [grace.user.id] },
    });
    expect([signedIn.status, refused.status, project.status, members.status]).toEqual([200, 401, 201, 200]);

    const lines = await handlerLog();
    const registration = await request('/api/register', {
      body: {
        username: `metrics-${Date.now()}@example.com`,
        password: 'secret-password',
        fullName: 'Ada',
        organizationName: 'Metrics Org',
      },
    });
    const after = await handlerLog();
    expect(metricsOf(after, registration).names).toEqual(['Registrations']);
    expect(metricsOf(lines, signedIn).names).toEqual(['SignInsSucceeded']);
    expect(metricsOf(lines, refused).names).toEqual(['SignInsFailed']);
    expect(metricsOf(lines, project).names).toEqual(['ProjectsCreated']);
    expect(lines.filter((line) => line._aws && line.correlationId === members.headers.get('x-request-id'))).toEqual([]);
    // The fan-out writes the notification from the table stream: its metrics line has the id its log line names.
    const fanOutMetricsOf = (all: Line[]) => {
      const logged = all.find((line) => line.message === 'fan-out' && line.orgId === admin.orgId);
      return logged && all.find((line) => line._aws && line.correlationId === logged.correlationId);
    };
    const notified = fanOutMetricsOf(await eventually(handlerLog, (all) => fanOutMetricsOf(all) !== undefined))!;
    expect(notified._aws.CloudWatchMetrics[0].Metrics.map((metric: { Name: string }) => metric.Name)).toEqual([
      'NotificationsWritten',
    ]);
    expect(notified.NotificationsWritten).toBe(1);
    expect(notified).toMatchObject({
      service: 'growthwise',
      _aws: { CloudWatchMetrics: [{ Namespace: metricsNamespace('local'), Dimensions: [['service']] }] },
    });
  });

  it('counts a throttled request (ten wrong current passwords, then 429)', async () => {
    // Counts to a limit of a clock-aligned window: within one window (support/throttle-window.ts).
    await startWithinOneWindow(15 * 60_000, 60_000);
    const admin = await registerOrganization();
    for (let i = 0; i < 10; i += 1)
      await admin.call('/api/user/change-password', { body: { currentPassword: `wrong-${i}`, newPassword: 'new-passphrase-1' } });
    const locked = await admin.call('/api/user/change-password', {
      body: { currentPassword: admin.password, newPassword: 'new-passphrase-1' },
    });
    expect(locked.status).toBe(429);
    expect(metricsOf(await handlerLog(), locked).names).toEqual(['RequestsThrottled']);
  }, 150_000);

  it('counts one cold start per function, named by the function', async () => {
    await registerOrganization();
    const coldStarts = (await handlerLog()).filter((line) =>
      line._aws?.CloudWatchMetrics[0].Metrics.some((metric: { Name: string }) => metric.Name === COLD_START_METRIC),
    );
    const functions = coldStarts.map((line) => line.function_name as string);
    expect(functions).toContain('auth/register');
    expect(new Set(functions).size, 'no function counts two cold starts').toBe(functions.length);
  });

  it('emits only metrics the dashboard knows', async () => {
    const known = new Set<string>([...Object.keys(BUSINESS_METRICS), COLD_START_METRIC]);
    const emitted = (await handlerLog()).flatMap((line) =>
      (line._aws?.CloudWatchMetrics[0].Metrics ?? []).map((metric: { Name: string }) => metric.Name),
    );
    expect(emitted.length).toBeGreaterThan(0);
    expect(emitted.filter((name) => !known.has(name))).toEqual([]);
  });
});
