import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { organizationKeys } from '../../../functions/organization/keys';
import { registerOrganization } from '../support/api';
import { functionsNow } from '../support/functions-clock';
import { testTable } from '../support/table';

const functionsToday = () => new Date(functionsNow()).toISOString().slice(0, 10);

describe('the assistant’s limits and control', () => {
  it("refuses a brief without a name with the field's message", async () => {
    const admin = await registerOrganization();
    const answer = await admin.call('/api/assistant/brief', { body: { name: '  ' } });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ name: 'Project name is required' });
  });

  it('answers 403 with a clear message once an admin turns it off, and works again once turned on', async () => {
    const admin = await registerOrganization();
    const project = await admin.call('/api/projects', { body: { name: 'Turned off' } });
    const off = await admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { assistantEnabled: false } });
    expect(off.status).toBe(200);
    expect(off.body.assistantEnabled).toBe(false);
    expect((await admin.call('/api/user')).body.roles[0].organization.assistantEnabled).toBe(false);
    for (const answer of [
      await admin.call(`/api/projects/${project.body.id}/summary`, { method: 'POST' }),
      await admin.call('/api/assistant/brief', { body: { name: 'Anything' } }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(
        'The assistant is turned off for your organization. An admin can turn it on again in Organization settings.',
      );
    }
    const log = await admin.call('/api/organization/audit-log');
    expect(JSON.stringify(log.body)).toContain('organization.assistant_changed');
    await admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { assistantEnabled: true } });
    expect((await admin.call('/api/assistant/brief', { body: { name: 'Anything' } })).status).toBe(200);
  });

  it("counts each generation in the admins' figures, and answers 429 with Retry-After past the day's allowance", async () => {
    const admin = await registerOrganization();
    await admin.call('/api/assistant/brief', { body: { name: 'Counted' } });
    const usage = (await admin.call('/api/user')).body.roles[0].organization.assistantUsage;
    expect(usage).toMatchObject({ requests: 1, requestsPerDay: 200, tokens: 150 });

    // The day's allowance used up, as 200 generations would leave it.
    const { db, tableName } = testTable();
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: organizationKeys.organization(admin.orgId),
        UpdateExpression: 'SET assistantUsage = :used',
        ExpressionAttributeValues: { ':used': { day: functionsToday(), requests: 200, tokens: 900 } },
      }),
    );
    const refused = await admin.call('/api/assistant/brief', { body: { name: 'One too many' } });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Your organization has used today's assistant allowance. It renews at midnight UTC.");
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
  });

  it('keeps the usage of an earlier day from counting today', async () => {
    const admin = await registerOrganization();
    const { db, tableName } = testTable();
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: organizationKeys.organization(admin.orgId),
        UpdateExpression: 'SET assistantUsage = :used',
        ExpressionAttributeValues: { ':used': { day: '2000-01-01', requests: 200, tokens: 900 } },
      }),
    );
    expect((await admin.call('/api/assistant/brief', { body: { name: 'A new day' } })).status).toBe(200);
    expect((await admin.call('/api/user')).body.roles[0].organization.assistantUsage).toMatchObject({ requests: 1 });
  });
});
