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

/** Runs `fn` as a request whose session named OWN and its person u1. */
const asOwnOrganization = <T>(fn: () => Promise<T>) =>
  runInTenantScope(async () => {
    enterTenant(OWN, 'u1');
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

  it("lets a person's own partition through: the session's, or one whose item in the organization the request named first; refuses any other and any partition it does not know", () => {
    return asOwnOrganization(async () => {
      expect(() => refuseOtherTenants('GetItemCommand', { Key: sessionKeys.session('u1', 's1') })).not.toThrow();
      // Another person's sessions, before the request found them in the organization: refused.
      expect(() => refuseOtherTenants('GetItemCommand', { Key: sessionKeys.session('u2', 's1') })).toThrow(OtherTenantKeyRefused);
      expect(() =>
        refuseOtherTenants('QueryCommand', {
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': 'USER#u2', ':prefix': 'SESSION#' },
        }),
      ).toThrow(OtherTenantKeyRefused);
      // Once their user item in the organization is named (read, or written in the same transaction), theirs are reachable.
      refuseOtherTenants('GetItemCommand', { Key: userKeys.user(OWN, 'u2') });
      expect(() => refuseOtherTenants('GetItemCommand', { Key: sessionKeys.session('u2', 's1') })).not.toThrow();
      expect(() =>
        refuseOtherTenants('TransactWriteItemsCommand', {
          TransactItems: [{ Delete: { Key: userKeys.user(OWN, 'u3') } }, { Delete: { Key: sessionKeys.session('u3', 's9') } }],
        }),
      ).not.toThrow();
      // A user item of another organization admits no one.
      expect(() => refuseOtherTenants('GetItemCommand', { Key: userKeys.user(OTHER, 'u4') })).toThrow(OtherTenantKeyRefused);
      expect(() => refuseOtherTenants('GetItemCommand', { Key: sessionKeys.session('u4', 's1') })).toThrow(OtherTenantKeyRefused);
      // A partition neither the organization's, its people's nor listed as no organization's.
      expect(() => refuseOtherTenants('GetItemCommand', { Key: { PK: 'STRIPE_EVENT#evt_1', SK: 'EVENT' } })).toThrow(
        OtherTenantKeyRefused,
      );
    });
  });

  it("admits the people the session's load named in the organization before it entered it (a route's preload), and no one of another organization", async () => {
    await runInTenantScope(async () => {
      refuseOtherTenants('BatchGetItemCommand', {
        RequestItems: { t: { Keys: [sessionKeys.session('u1', 's1'), userKeys.user(OWN, 'u5'), userKeys.user(OTHER, 'u6')] } },
      });
      enterTenant(OWN, 'u1');
      expect(() => refuseOtherTenants('GetItemCommand', { Key: sessionKeys.session('u5', 's1') })).not.toThrow();
      expect(() => refuseOtherTenants('GetItemCommand', { Key: sessionKeys.session('u6', 's1') })).toThrow(OtherTenantKeyRefused);
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
