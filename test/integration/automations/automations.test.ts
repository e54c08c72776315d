import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTOMATION_DEPTH_MAX } from '../../../shared/limits';
import { type SignedIn, registerOrganization } from '../support/api';
import { eventually } from '../support/eventually';
import { addMemberDirectly } from '../support/org-members';
import { useRunTable } from '../support/scheduled-run';
import { testTable } from '../support/table';

let modules: Awaited<ReturnType<typeof load>>;
const load = async () => ({
  runs: await import('../../../functions/automations/runs'),
  keys: await import('../../../functions/events/keys'),
});

beforeAll(async () => {
  useRunTable();
  modules = await load();
});

interface Run {
  id: string;
  eventId: string;
  outcome: string;
  detail: string | null;
  actions: { type: string; outcome: string; detail: string | null }[];
}

async function createProject(user: SignedIn, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const answer = await user.call('/api/projects', { method: 'POST', body: { name, ...extra } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

async function createRule(user: SignedIn, rule: Record<string, unknown>): Promise<string> {
  const answer = await user.call('/api/automations', { method: 'POST', body: { enabled: true, ...rule } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

const setStatus = async (user: SignedIn, projectId: string, status: string) =>
  expect((await user.call(`/api/projects/${projectId}`, { method: 'PATCH', body: { status } })).status).toBe(200);

const runsOf = (user: SignedIn, ruleId: string) => user.call<{ runs: Run[] }>(`/api/automations/${ruleId}/runs`);

/** The rule's runs once `done` holds of them (the automations run after the change, from the change bus). */
const runsWhen = (user: SignedIn, ruleId: string, done: (runs: Run[]) => boolean) =>
  eventually(
    async () => (await runsOf(user, ruleId)).body.runs,
    (runs) => done(runs) && runs.every((run) => run.detail !== 'Still running'),
  );

const commentsOf = async (user: SignedIn, projectId: string) =>
  (await user.call(`/api/projects/${projectId}/comments`)).body.comments as { text: string; author: { fullName: string } }[];

describe('automations: rules', () => {
  it("creates a project's rule for any member, lists the project's and the organization's, changes and deletes it, each audited", async () => {
    const ada = await registerOrganization();
    const grace = await addMemberDirectly(ada.orgId, { fullName: 'Grace Hopper' });
    const projectId = await createProject(ada, 'Spring launch');
    const own = await createRule(grace, {
      name: 'Tell the team',
      projectId,
      trigger: { type: 'project.status_changed', to: 'completed' },
      actions: [{ type: 'notify', to: 'members', message: 'Done!' }],
    });
    const orgWide = await createRule(ada, {
      name: 'Welcome comment',
      projectId: null,
      trigger: { type: 'project.created' },
      actions: [{ type: 'comment', text: 'Welcome aboard' }],
    });
    const listed = await grace.call(`/api/automations?projectId=${projectId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.automations.map((rule: { id: string }) => rule.id)).toEqual([own, orgWide]);
    expect(listed.dbCalls).toBeLessThanOrEqual(3);

    const off = await grace.call(`/api/automations/${own}`, { method: 'PATCH', body: { enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: own, enabled: false, name: 'Tell the team', lastRun: null });
    expect((await grace.call(`/api/automations/${own}`)).body.enabled).toBe(false);
    expect((await grace.call(`/api/automations/${own}`, { method: 'DELETE' })).status).toBe(200);
    expect((await grace.call(`/api/automations/${own}`)).status).toBe(404);

    const audit = await ada.call('/api/organization/audit-log');
    expect(audit.body.entries.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['automation.created', 'automation.updated', 'automation.deleted']),
    );
  });

  it("keeps the organization's rules to admins: 403 for staff", async () => {
    const ada = await registerOrganization();
    const grace = await addMemberDirectly(ada.orgId);
    const body = {
      name: 'For everyone',
      projectId: null,
      enabled: true,
      trigger: { type: 'project.created' },
      actions: [{ type: 'comment', text: 'Hi' }],
    };
    const refused = await grace.call('/api/automations', { method: 'POST', body });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only administrators can do this');
    const ruleId = await createRule(ada, body);
    expect((await grace.call(`/api/automations/${ruleId}`, { method: 'PATCH', body: { enabled: false } })).status).toBe(403);
    expect((await grace.call(`/api/automations/${ruleId}`, { method: 'DELETE' })).status).toBe(403);
  });

  it('refuses bad rules with the field’s message', async () => {
    const ada = await registerOrganization();
    const other = await registerOrganization();
    const projectId = await createProject(ada, 'Checks');
    const good = {
      name: 'Good',
      projectId,
      enabled: true,
      trigger: { type: 'project.created' },
      actions: [{ type: 'comment', text: 'Hi' }],
    };
    const refusal = async (body: Record<string, unknown>) => {
      const answer = await ada.call('/api/automations', { method: 'POST', body: { ...good, ...body } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return answer.body.fieldErrors as Record<string, string>;
    };
    expect((await refusal({ name: '  ' })).name).toBe('Automation name is required');
    expect(Object.values(await refusal({ trigger: { type: 'project.renamed' } }))).toContain(
      'Trigger must be one of project.created, project.status_changed, project.due_soon, project.overdue, project.member_added, comment.created',
    );
    expect(Object.values(await refusal({ actions: [{ type: 'delete_project' }] }))).toContain(
      'Action must be one of set_status, add_members, remove_members, set_due_date, notify, comment, webhook',
    );
    expect(Object.values(await refusal({ actions: [{ type: 'set_status', status: 'done' }] }))).toContain(
      'Status must be one of planning, in_progress, completed, on_hold',
    );
    expect((await refusal({ actions: Array.from({ length: 6 }, () => ({ type: 'comment', text: 'x' })) })).actions).toBe(
      'An automation can have at most 5 actions',
    );
    expect((await refusal({ actions: [{ type: 'add_members', memberIds: [other.user.id] }] })).actions).toBe(
      'Some of the people chosen are not in your organization',
    );
  });

  it("answers 404 for another organization's rule, whatever the route", async () => {
    const ada = await registerOrganization();
    const eve = await registerOrganization();
    const projectId = await createProject(ada, 'Private');
    const ruleId = await createRule(ada, {
      name: 'Mine',
      projectId,
      trigger: { type: 'project.created' },
      actions: [{ type: 'comment', text: 'Hi' }],
    });
    for (const [path, method] of [
      [`/api/automations/${ruleId}`, 'GET'],
      [`/api/automations/${ruleId}`, 'PATCH'],
      [`/api/automations/${ruleId}`, 'DELETE'],
      [`/api/automations/${ruleId}/runs`, 'GET'],
    ] as const) {
      const answer = await eve.call(path, { method, ...(method === 'PATCH' ? { body: { enabled: false } } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await eve.call(`/api/automations?projectId=${projectId}`)).body.automations).toEqual([]);
    const refused = await eve.call('/api/automations', {
      method: 'POST',
      body: {
        name: 'Theirs',
        projectId,
        enabled: true,
        trigger: { type: 'project.created' },
        actions: [{ type: 'comment', text: 'x' }],
      },
    });
    expect(refused.status).toBe(404);
  });
});

describe('automations: runs', () => {
  it("comments and notifies the members as 'Automation: <name>' when the status becomes Completed, once", async () => {
    const ada = await registerOrganization();
    const grace = await addMemberDirectly(ada.orgId, { fullName: 'Grace Hopper' });
    const projectId = await createProject(ada, 'Newsletter');
    expect(
      (await ada.call(`/api/projects/${projectId}/members`, { method: 'PUT', body: { memberIds: [grace.user.id] } })).status,
    ).toBe(200);
    const ruleId = await createRule(ada, {
      name: 'Wrap up',
      projectId,
      trigger: { type: 'project.status_changed', to: 'completed' },
      actions: [
        { type: 'comment', text: 'Great work, everyone.' },
        { type: 'notify', to: 'members', message: 'Newsletter is done' },
      ],
    });
    await setStatus(ada, projectId, 'in_progress');
    await setStatus(ada, projectId, 'completed');
    const [run] = await runsWhen(ada, ruleId, (runs) => runs.length === 1);
    expect(run).toMatchObject({
      outcome: 'succeeded',
      detail: null,
      actions: [
        { type: 'comment', outcome: 'succeeded', detail: 'Comment posted' },
        { type: 'notify', outcome: 'succeeded', detail: 'Members notified' },
      ],
    });
    const comments = await commentsOf(ada, projectId);
    expect(comments.map((c) => [c.author.fullName, c.text])).toEqual([['Automation: Wrap up', 'Great work, everyone.']]);
    const notified = await eventually(
      async () => (await grace.call('/api/notifications')).body as { title: string; content: string }[],
      (list) => list.some((n) => n.content === 'Newsletter is done'),
    );
    expect(notified.find((n) => n.content === 'Newsletter is done')!.title).toBe('Automation: Wrap up');
    const rule = await ada.call(`/api/automations/${ruleId}`);
    expect(rule.body.lastRun).toMatchObject({ outcome: 'succeeded' });

    // The same event delivered again, twice, runs nothing twice.
    const { db, tableName } = testTable();
    const event = (await db.send(new GetCommand({ TableName: tableName, Key: modules.keys.eventKeys.changeEvent(run!.eventId) })))
      .Item as Parameters<typeof modules.runs.runAutomations>[0];
    for (let again = 0; again < 2; again += 1) await modules.runs.runAutomations(event);
    expect(await commentsOf(ada, projectId)).toHaveLength(1);
    expect((await runsOf(ada, ruleId)).body.runs).toHaveLength(1);
  });

  it(`stops two rules that undo each other at depth ${AUTOMATION_DEPTH_MAX}, the last run marked stopped and why`, async () => {
    const ada = await registerOrganization();
    const projectId = await createProject(ada, 'Ping pong');
    const there = await createRule(ada, {
      name: 'There',
      projectId,
      trigger: { type: 'project.status_changed', to: 'in_progress' },
      actions: [{ type: 'set_status', status: 'on_hold' }],
    });
    const back = await createRule(ada, {
      name: 'Back',
      projectId,
      trigger: { type: 'project.status_changed', to: 'on_hold' },
      actions: [{ type: 'set_status', status: 'in_progress' }],
    });
    await setStatus(ada, projectId, 'in_progress');
    const all = async () => [...(await runsOf(ada, there)).body.runs, ...(await runsOf(ada, back)).body.runs];
    const runs = await eventually(all, (list) => list.some((run) => run.outcome === 'stopped'));
    expect(runs.filter((run) => run.outcome === 'succeeded')).toHaveLength(AUTOMATION_DEPTH_MAX);
    const stopped = runs.filter((run) => run.outcome === 'stopped');
    expect(stopped).toHaveLength(1);
    expect(stopped[0]!.detail).toMatch(/^Stopped: automations set each other off 5 times in a row/);
    // And nothing runs after it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await all()).toHaveLength(AUTOMATION_DEPTH_MAX + 1);
  });

  it("marks a run failed with its action's reason and skips the actions after it", async () => {
    const ada = await registerOrganization();
    const grace = await addMemberDirectly(ada.orgId, { fullName: 'Grace Hopper' });
    const projectId = await createProject(ada, 'Staffing');
    const ruleId = await createRule(ada, {
      name: 'Add Grace',
      projectId,
      trigger: { type: 'comment.created', contains: 'staff it' },
      actions: [
        { type: 'add_members', memberIds: [grace.user.id] },
        { type: 'comment', text: 'Grace is on it' },
      ],
    });
    expect((await ada.call(`/api/organization/users/${grace.user.id}`, { method: 'DELETE' })).status).toBe(200);
    // 'staff it' as words, in any case: this comment starts the rule; 'unstaff items' would not.
    expect(
      (await ada.call(`/api/projects/${projectId}/comments`, { method: 'POST', body: { text: 'Please STAFF IT today' } })).status,
    ).toBe(201);
    const [run] = await runsWhen(ada, ruleId, (runs) => runs.length === 1);
    expect(run!.outcome).toBe('failed');
    expect(run!.detail).toMatch(/^Add people failed: /);
    expect(run!.actions.map((action) => [action.type, action.outcome])).toEqual([
      ['add_members', 'failed'],
      ['comment', 'skipped'],
    ]);
    expect((await commentsOf(ada, projectId)).map((c) => c.text)).toEqual(['Please STAFF IT today']);
  });
});

describe('automations: due dates', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  let reminders: (event: unknown) => Promise<unknown>;
  beforeAll(async () => {
    ({ handler: reminders } = await import('../../../functions/handlers/projects/remind-due-projects'));
  });

  it('starts a due-soon rule from the daily run on the functions’ clock, 3 days ahead, once a day', async () => {
    // A day of its own far ahead, so no other test's project is due then.
    const noon = Date.UTC(2095 + Math.floor(Math.random() * 4), 0, 1, 12) + Math.floor(Math.random() * 360) * DAY_MS;
    const day = new Date(noon).toISOString().slice(0, 10);
    const ada = await registerOrganization();
    const projectId = await createProject(ada, 'Webinar', { dueDate: day });
    const ruleId = await createRule(ada, {
      name: 'Three days to go',
      projectId,
      trigger: { type: 'project.due_soon', days: 3 },
      conditions: { statusIn: ['planning'] },
      actions: [{ type: 'comment', text: 'Three days left: time to send the invitations.' }],
    });
    const { runScheduledAt } = await import('../support/scheduled-run');
    await runScheduledAt(reminders, noon - 4 * DAY_MS);
    await runScheduledAt(reminders, noon - 3 * DAY_MS);
    await runScheduledAt(reminders, noon - 3 * DAY_MS + 60_000);
    const [run] = await runsWhen(ada, ruleId, (runs) => runs.length >= 1);
    expect(run!.outcome).toBe('succeeded');
    expect((await commentsOf(ada, projectId)).map((c) => [c.author.fullName, c.text])).toEqual([
      ['Automation: Three days to go', 'Three days left: time to send the invitations.'],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await runsOf(ada, ruleId)).body.runs).toHaveLength(1);
  });
});

describe('automations: the cost of finding the rules an event starts', () => {
  it('is 2 reads whether the organization has 1 rule or 1,000', async () => {
    const { db, tableName } = testTable();
    const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { automationKeys, scopeOf } = await import('../../../functions/automations/keys');
    const { rulesOfTrigger } = await import('../../../functions/automations/reads');
    const { runCounting, callsSoFar } = await import('../../../functions/db/call-counter');
    const ada = await registerOrganization();
    const projectId = await createProject(ada, 'Measured');
    await createRule(ada, {
      name: 'The one',
      projectId,
      trigger: { type: 'project.status_changed' },
      actions: [{ type: 'comment', text: 'x' }],
    });
    const cost = () =>
      runCounting(async () => {
        const rules = await rulesOfTrigger(ada.orgId, projectId, 'project.status_changed');
        return { rules: rules.length, calls: callsSoFar() };
      });
    const one = await cost();
    expect(one).toEqual({ rules: 1, calls: 2 });

    // 999 more: 100 of the organization's and 99 on this project of other triggers, 800 on other projects.
    const triggers = ['project.created', 'comment.created', 'project.overdue', 'project.member_added'];
    const items = Array.from({ length: 999 }, (_, index) => {
      const scope = index < 100 ? scopeOf(null) : index < 199 ? scopeOf(projectId) : scopeOf(`OTHER${index % 8}`);
      const trigger = index < 100 ? triggers[index % 4]! : index < 199 ? triggers[index % 4]! : 'project.status_changed';
      const id = `RULE${String(index).padStart(22, '0')}`;
      return { ...automationKeys.match(ada.orgId, scope, trigger, id), type: 'AUTOMATION', id, orgId: ada.orgId, enabled: true };
    });
    for (let start = 0; start < items.length; start += 25)
      await db.send(
        new BatchWriteCommand({
          RequestItems: { [tableName]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
    expect(await cost()).toEqual(one);
  });
});

describe("automations: an organization's runs a minute, and a deleted project's rules", () => {
  it('keeps a run waiting while its organization has spent the minute’s runs, and runs it once the next minute comes', async () => {
    const { db, tableName } = testTable();
    const { PutCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { automationKeys } = await import('../../../functions/automations/keys');
    const { AUTOMATION_RUNS_PER_MINUTE, RunBudgetSpent } = await import('../../../functions/automations/budget');
    const { handler } = await import('../../../functions/handlers/automations/run-automations');
    const { marshall } = await import('@aws-sdk/util-dynamodb');
    const ada = await registerOrganization();
    const projectId = await createProject(ada, 'Busy');
    const ruleId = await createRule(ada, {
      name: 'Counted',
      projectId,
      trigger: { type: 'comment.created', contains: 'count me' },
      actions: [{ type: 'comment', text: 'Counted.' }],
    });
    // A minute of the functions' clock far ahead, its runs all spent; the rule's event is run there by hand.
    const at = Date.UTC(2097, 5, 1, 10, 30, 5);
    const minute = new Date(at).toISOString().slice(0, 16);
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...automationKeys.budget(ada.orgId, minute), runs: AUTOMATION_RUNS_PER_MINUTE, ttl: 0 },
      }),
    );
    const event = {
      type: 'EVENT',
      id: `01JZ${String(Date.now()).padStart(22, '0')}`,
      orgId: ada.orgId,
      recipientIds: [],
      change: {
        kind: 'comment.created',
        projectId,
        actor: { type: 'person', id: ada.user.id, name: 'Ada' },
        comment: { id: 'c1', text: 'please count me in' },
      },
      changeKind: 'comment.created',
      createdAt: new Date(at).toISOString(),
      ttl: 0,
    } as unknown as Parameters<typeof modules.runs.runAutomations>[0];
    const message = {
      messageId: 'm1',
      body: JSON.stringify({
        detail: { eventName: 'INSERT', dynamodb: { NewImage: marshall(event, { removeUndefinedValues: true }) } },
      }),
    };
    const atTime = async <T>(when: number, fn: () => Promise<T>) => {
      process.env.GROWTHWISE_CLOCK_OFFSET_MS = String(when - Date.now());
      try {
        return await fn();
      } finally {
        delete process.env.GROWTHWISE_CLOCK_OFFSET_MS;
      }
    };
    await expect(atTime(at, () => modules.runs.runAutomations(event))).rejects.toBeInstanceOf(RunBudgetSpent);
    // The queue's consumer reports the message failed: it is received again later, not dropped.
    const answer = await atTime(at, () => handler({ Records: [message] } as never));
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    const runsNow = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': automationKeys.run(ada.orgId, ruleId, event.id).PK },
      }),
    );
    expect(runsNow.Items ?? []).toEqual([]);
    // The next minute: the same message runs, once.
    expect((await atTime(at + 60_000, () => handler({ Records: [message] } as never))).batchItemFailures).toEqual([]);
    const [run] = await runsWhen(ada, ruleId, (runs) => runs.length === 1);
    expect(run!.outcome).toBe('succeeded');
  });

  it("deletes a project's rules with the project, after the request", async () => {
    const ada = await registerOrganization();
    const projectId = await createProject(ada, 'Short-lived');
    const ruleId = await createRule(ada, {
      name: 'Goes with it',
      projectId,
      trigger: { type: 'project.created' },
      actions: [{ type: 'comment', text: 'x' }],
    });
    expect((await ada.call(`/api/projects/${projectId}`, { method: 'DELETE' })).status).toBe(200);
    await eventually(
      async () => (await ada.call(`/api/automations/${ruleId}`)).status,
      (status) => status === 404,
    );
    expect((await ada.call(`/api/automations?projectId=${projectId}`)).body.automations).toEqual([]);
  });
});
