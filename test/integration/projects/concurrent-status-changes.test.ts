import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChangeEventItem } from '../../../functions/events/change-event';
import { eventKeys } from '../../../functions/events/keys';
import type { ProjectRecord } from '../../../functions/projects/item';
import { projectKeys } from '../../../functions/projects/keys';
import { countByStatus } from '../../../functions/projects/recount';
import { LOCAL_AWS_ENV } from '../../../infra/local/dynamodb-local';
import { PROJECT_STATUSES, PROJECT_STATUS_LABELS, type ProjectStatus } from '../../../shared/project-statuses';
import { storedNotifications } from '../notifications/seed-notifications';
import { type SignedIn, registerOrganization } from '../support/api';
import { eventually } from '../support/eventually';
import { addMemberDirectly } from '../support/org-members';
import { testTable } from '../support/table';

/**
 * A status change is last-writer-wins (docs/decisions/067): many people changing the status of one
 * project at the same moment all succeed, the project keeps the status of the write that came last,
 * the dashboard's figures still equal a recount (the stream consumer counts each write's move from
 * the project's own record), and every change notifies the members once.
 */
const CLIENTS = 8;
const TARGETS: ProjectStatus[] = ['in_progress', 'completed', 'on_hold'];

let fanOut: typeof import('../../../functions/notifications/fan-out');

beforeAll(async () => {
  // functions/db reads its table and endpoint once, on import: set them first.
  Object.assign(process.env, LOCAL_AWS_ENV, { TABLE_NAME: inject('tableName'), DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint') });
  fanOut = await import('../../../functions/notifications/fan-out');
});

async function storedItem<T>(key: { PK: string; SK: string }): Promise<T | undefined> {
  const { db, tableName } = testTable();
  return (await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item as T | undefined;
}

type Entry = { action: string; actor: { id: string }; from: string | null; to: string | null };

async function statusEntries(admin: SignedIn, projectId: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  do {
    const page: { body: { entries: Entry[]; nextCursor: string | null } } = await admin.call(
      `/api/projects/${projectId}/activity${cursor ? `?cursor=${cursor}` : ''}`,
    );
    entries.push(...page.body.entries);
    cursor = page.body.nextCursor;
  } while (cursor);
  return entries.filter((entry) => entry.action === 'status_changed');
}

/** The dashboard once its figures equal a recount of the organization's one project in `status`. */
async function dashboardCounting(admin: SignedIn, status: ProjectStatus) {
  const recount = countByStatus([{ status }]);
  const dashboard = await eventually(
    () => admin.call('/api/dashboard'),
    (answer) => PROJECT_STATUSES.every((each) => answer.body.counts[each] === recount[each]),
    30_000,
  );
  return { counts: dashboard.body.counts, recount: { total: 1, ...recount } };
}

const statusNotices = async (userId: string, projectId: string) =>
  (await storedNotifications(userId)).filter(
    (notice) => notice.title === 'Project status changed' && notice.linkUrl === `/projects/${projectId}`,
  );

describe('concurrent status changes of one project', () => {
  it(
    'all answer 200, the last writer wins, the figures equal a recount and each change notifies the members once',
    { timeout: 120_000 },
    async () => {
      const admin = await registerOrganization();
      // Signed in one after another: eight password checks at once outlast the handler's time on a busy machine (503).
      const clients: SignedIn[] = [];
      for (let index = 0; index < CLIENTS; index += 1) clients.push(await addMemberDirectly(admin.orgId));
      const watcher = await addMemberDirectly(admin.orgId, { fullName: 'Wanda Watcher' });
      const project = (await admin.call('/api/projects', { body: { name: 'Hot', status: 'planning' } })).body;
      const members = [admin, ...clients, watcher].map((each) => each.user.id);
      expect(
        (await admin.call(`/api/projects/${project.id}/members`, { method: 'PUT', body: { memberIds: members } })).status,
      ).toBe(200);

      const answers = await Promise.all(
        clients.map((client, index) =>
          client.call(`/api/projects/${project.id}`, { method: 'PATCH', body: { status: TARGETS[index % TARGETS.length] } }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(clients.map(() => 200));

      // The last write that set a status names its event: the project holds that write's status.
      const stored = (await storedItem<ProjectRecord>(projectKeys.project(admin.orgId, project.id)))!;
      const lastEvent = (await storedItem<ChangeEventItem>(eventKeys.changeEvent(stored.statusEventId!)))!;
      expect(lastEvent.message?.content).toBe(`The project "Hot" is now ${PROJECT_STATUS_LABELS[stored.status]}.`);
      expect((await admin.call(`/api/projects/${project.id}`)).body.status).toBe(stored.status);

      const { counts, recount } = await dashboardCounting(admin, stored.status);
      expect(counts).toEqual(recount);

      // A change that found its status already set by another writes no entry and notifies nobody; each other change notifies every member but its actor once.
      const entries = await statusEntries(admin, project.id);
      expect(entries.length).toBeGreaterThan(0);
      const watcherNotices = await eventually(
        () => statusNotices(watcher.user.id, project.id),
        (notices) => notices.length >= entries.length,
        30_000,
      );
      expect(watcherNotices).toHaveLength(entries.length);
      for (const client of clients) {
        const own = entries.filter((entry) => entry.actor.id === client.user.id).length;
        expect(
          await eventually(
            () => statusNotices(client.user.id, project.id),
            (notices) => notices.length >= entries.length - own,
            30_000,
          ),
        ).toHaveLength(entries.length - own);
      }
      expect(new Set(watcherNotices.map((notice) => notice.content))).toEqual(
        new Set(entries.map((entry) => `The project "Hot" is now ${PROJECT_STATUS_LABELS[entry.to as ProjectStatus]}.`)),
      );
    },
  );

  it("counts a status move once however often the project's record is delivered", { timeout: 60_000 }, async () => {
    const admin = await registerOrganization();
    const project = (await admin.call('/api/projects', { body: { name: 'Twice', status: 'planning' } })).body;
    expect((await admin.call(`/api/projects/${project.id}`, { method: 'PATCH', body: { status: 'completed' } })).status).toBe(
      200,
    );
    const { recount } = await dashboardCounting(admin, 'completed');

    const stored = (await storedItem<ProjectRecord>(projectKeys.project(admin.orgId, project.id)))!;
    expect(stored).toMatchObject({ statusFrom: 'planning', status: 'completed' });
    const record: DynamoDBRecord = {
      eventName: 'MODIFY',
      dynamodb: { NewImage: marshall(stored) as never, SequenceNumber: '1' },
    };
    // The stream consumer has counted it already; two more deliveries, one of them with the record twice in its batch.
    expect(await fanOut.fanOutNotifications([record], () => undefined)).toEqual({ batchItemFailures: [] });
    expect(await fanOut.fanOutNotifications([record, record], () => undefined)).toEqual({ batchItemFailures: [] });
    expect((await admin.call('/api/dashboard')).body.counts).toEqual(recount);
  });
});
