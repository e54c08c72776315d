import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { ensureTable, localClient } from '../../../infra/local/dynamodb-local';
import { compareTables, exportTable, importTable } from '../../../infra/local/restore-drill';
import { seedOrganization } from '../../../infra/local/seed';

describe('the restore drill (issue 38, item 6; npm run restore-drill runs it whole with the app on the restored table)', () => {
  it('restores an export into a new table item for item, and its comparison finds an item that differs', async () => {
    const endpoint = inject('dynamoDbEndpoint');
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'growthwise-restore-test-'));
    try {
      const source = `drill-source-${randomUUID().slice(0, 8)}`;
      await ensureTable(endpoint, source);
      const db = DynamoDBDocumentClient.from(localClient(endpoint));
      const seeded = await seedOrganization(db, source, {
        label: 'Drill',
        projects: 5,
        membersPerProject: 2,
        staff: 2,
        notificationsPerUser: 1,
        password: 'drill-password-1',
      });
      const file = path.join(scratch, 'export.json');
      expect(await exportTable(endpoint, source, file)).toBe(seeded.items);
      const restored = `${source}-restored`;
      expect(await importTable(endpoint, file, restored)).toBe(seeded.items);
      expect(await compareTables(endpoint, source, restored)).toEqual({ compared: seeded.items, differing: [] });

      // A comparison that could not fail would prove nothing: change one restored item and add one.
      await db.send(
        new PutCommand({
          TableName: restored,
          Item: {
            PK: `ORG#${seeded.orgId}`,
            SK: 'ORG',
            type: 'ORG',
            id: seeded.orgId,
            name: 'Changed',
            adminCount: 1,
            plan: 'professional',
            billingCycle: 'monthly',
            createdAt: 'x',
          },
        }),
      );
      await db.send(new PutCommand({ TableName: restored, Item: { PK: 'EXTRA#1', SK: 'EXTRA' } }));
      const after = await compareTables(endpoint, source, restored);
      expect(after.differing.sort()).toEqual(['EXTRA#1 EXTRA', `ORG#${seeded.orgId} ORG`]);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }, 60_000);
});
