import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { auditLogKeys } from '../../../functions/audit-log/keys';
import { LOCAL_AWS_ENV } from '../../../infra/local/dynamodb-local';
import { registerOrganization } from '../support/api';
import { testTable } from '../support/table';
import { storedAuditEntries } from './audit-entries';
import { seedAuditEntries } from './seed-audit-entries';

/**
 * Entries written before the person index (docs/decisions/062) have no `auditActorKey`; the one-off
 * migration (scripts/index-audit-actors.ts, run here in the test process) gives them the key every
 * entry is now written with, so the person filter finds them.
 */
let reindex: typeof import('../../../functions/audit-log/reindex');

beforeAll(async () => {
  Object.assign(process.env, LOCAL_AWS_ENV, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint'),
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  reindex = await import('../../../functions/audit-log/reindex');
});

type Page = { entries: { id: string; actor: { id: string } }[]; nextCursor: string | null };

describe('the audit entries’ person key', () => {
  it('is written with every entry the API records, naming its actor', async () => {
    const admin = await registerOrganization();
    expect(
      (await admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { name: 'Renamed Ltd' } })).status,
    ).toBe(200);
    const stored = await storedAuditEntries(admin.orgId, 'organization.renamed');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.auditActorKey).toBe(`AUDIT#${admin.orgId}#ACTOR#${admin.user.id}`);
    const page = (await admin.call<Page>(`/api/organization/audit-log?actorId=${admin.user.id}&action=organization.renamed`))
      .body;
    expect(page.entries.map((entry) => entry.id)).toEqual([stored[0]!.id]);
  });

  it('is given to older entries by the migration, once: then the person filter finds them', async () => {
    const admin = await registerOrganization();
    expect(
      (await admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { name: 'Renamed Ltd' } })).status,
    ).toBe(200);
    const carol = { id: 'carol-0003', fullName: 'Carol', username: 'carol@example.com' };
    const older = await seedAuditEntries(
      admin.orgId,
      Array.from({ length: 3 }, (_, index) => ({ at: new Date(Date.UTC(2025, 2, 1, 0, index)), actor: carol })),
    );
    const { db, tableName } = testTable();
    for (const item of older)
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: auditLogKeys.auditEntry(admin.orgId, item.id),
          UpdateExpression: 'REMOVE auditActorKey',
        }),
      );
    db.destroy();
    const carolsPage = () => admin.call<Page>(`/api/organization/audit-log?actorId=${carol.id}`);
    expect((await carolsPage()).body.entries).toEqual([]);

    const first = await reindex.reindexAuditEntriesOfOrganization(admin.orgId);
    // Carol's three are given the key; the admin's rename, written with it, is left alone.
    expect(first).toEqual({ entries: 4, updated: 3 });
    expect((await carolsPage()).body.entries.map((entry) => entry.id)).toEqual(older.map((item) => item.id).reverse());

    const again = await reindex.reindexAuditEntriesOfOrganization(admin.orgId);
    expect(again).toEqual({ entries: first.entries, updated: 0 });
  });
});
