import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { auditLogKeys } from '../audit-log/keys';
import { organizationKeys } from '../organization/keys';
import { projectKeys } from '../projects/keys';
import { sessionKeys } from '../sessions/keys';
import { throttleKeys } from '../throttles/keys';
import { userKeys } from '../user/keys';
import { TABLE_NAME, db } from './client';
import {
  OtherTenantKeyRefused,
  enterTenant,
  partitionOwnersSoFar,
  partitionsNamedSoFar,
  refuseOtherTenants,
  runInTenantScope,
} from './tenant-guard';

const OWN = '01JOWNORGANIZATION00000000';
const OTHER = '01JOTHERORGANIZATION000000';

/** Runs `fn` as a request whose session named OWN. */
const asOwnOrganization = <T>(fn: () => Promise<T>) =>
  runInTenantScope(async () => {
    enterTenant(OWN);
    return fn();
  });

describe("the key-prefix guard: a request reaches only its organization's partitions (docs/decisions/052)", () => {
  it("refuses, before sending it, a call of the shared client that names another organization's item", async () => {
    await asOwnOrganization(async () => {
      await expect(
        db.send(new GetCommand({ TableName: TABLE_NAME, Key: projectKeys.project(OTHER, 'p1') })),
      ).rejects.toBeInstanceOf(OtherTenantKeyRefused);
      await expect(
        db.send(
          new BatchGetCommand({
            RequestItems: { [TABLE_NAME]: { Keys: [organizationKeys.organization(OWN), userKeys.user(OTHER, 'u1')] } },
          }),
        ),
      ).rejects.toThrow(`ORG#${OTHER}`);
      await expect(
        db.send(
          new TransactWriteCommand({
            TransactItems: [{ Put: { TableName: TABLE_NAME, Item: { ...projectKeys.projectWord(OTHER, 'spring', 'p1') } } }],
          }),
        ),
      ).rejects.toBeInstanceOf(OtherTenantKeyRefused);
      await expect(
        db.send(
          new QueryCommand({
            TableName: TABLE_NAME,
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': auditLogKeys.auditEntry(OTHER, 'e').PK },
          }),
        ),
      ).rejects.toBeInstanceOf(OtherTenantKeyRefused);
    });
  });

  it("lets its own organization's partitions and partitions of no organization through, in every command's shape", () => {
    return asOwnOrganization(async () => {
      const own = [
        organizationKeys.organization(OWN),
        projectKeys.membership(OWN, 'u1', 'p1'),
        userKeys.userWord(OWN, 'ada', 'u1'),
        auditLogKeys.auditEntry(OWN, 'e1'),
        sessionKeys.session('u1', 's1'),
        userKeys.email('ada@example.com'),
        throttleKeys.attemptWindow('ORG-REQUESTS', OWN, 1),
      ];
      for (const Key of own) {
        expect(() => refuseOtherTenants('GetItemCommand', { Key })).not.toThrow();
        expect(() => refuseOtherTenants('PutItemCommand', { Item: { ...Key, name: 'x' } })).not.toThrow();
        expect(() =>
          refuseOtherTenants('TransactWriteItemsCommand', { TransactItems: [{ Update: { Key } }, { ConditionCheck: { Key } }] }),
        ).not.toThrow();
        expect(() =>
          refuseOtherTenants('BatchWriteItemCommand', { RequestItems: { t: [{ DeleteRequest: { Key } }] } }),
        ).not.toThrow();
        expect(() => refuseOtherTenants('QueryCommand', { ExpressionAttributeValues: { ':pk': Key.PK } })).not.toThrow();
      }
      // Marshalled attribute values (a library speaking DynamoDB's own format) are read too.
      expect(() => refuseOtherTenants('GetItemCommand', { Key: { PK: { S: `ORG#${OTHER}` }, SK: { S: 'ORG' } } })).toThrow(
        OtherTenantKeyRefused,
      );
      expect(() => refuseOtherTenants('ScanCommand', {})).toThrow(OtherTenantKeyRefused);
    });
  });

  it('guards nothing before a session names the organization, or outside a request', async () => {
    await runInTenantScope(async () => {
      expect(() => refuseOtherTenants('GetItemCommand', { Key: organizationKeys.organization(OTHER) })).not.toThrow();
    });
    expect(() => refuseOtherTenants('GetItemCommand', { Key: organizationKeys.organization(OTHER) })).not.toThrow();
  });

  it('records every partition a request names, a Query’s by its key condition, and not a refused one; and their owners', async () => {
    await runInTenantScope(async () => {
      refuseOtherTenants('GetItemCommand', { Key: sessionKeys.session('u1', 's1') });
      enterTenant(OWN);
      refuseOtherTenants('QueryCommand', {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':prefix': 'PROJECT#', ':pk': `ORG#${OWN}` },
      });
      refuseOtherTenants('QueryCommand', {
        KeyConditionExpression: 'auditActorKey = :pk AND SK BETWEEN :lowest AND :highest',
        ExpressionAttributeValues: { ':pk': `AUDIT#${OWN}#ACTOR#u1`, ':lowest': 'a', ':highest': 'z' },
      });
      expect(() => refuseOtherTenants('GetItemCommand', { Key: organizationKeys.organization(OTHER) })).toThrow(
        OtherTenantKeyRefused,
      );
      refuseOtherTenants('GetItemCommand', { Key: projectKeys.membership(OWN, 'u1', 'p1') });
      expect(partitionsNamedSoFar()).toEqual(['USER#u1', `ORG#${OWN}`, `AUDIT#${OWN}#ACTOR#u1`, `ORG#${OWN}#MEMBER#u1`]);
      // Their owners, as the local cloud's x-db-partitions header lists them.
      expect(partitionOwnersSoFar()).toEqual(['USER#u1', `ORG#${OWN}`, `AUDIT#${OWN}`]);
    });
    expect(partitionsNamedSoFar()).toEqual([]);
  });
});
