import { decodeTime } from 'ulid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditEntryResponse } from '../../shared/schemas/audit-log';
import { auditPut, userTarget, type AuditItem } from './entries';

const admin = {
  id: '01JD0000000000000000000001',
  orgId: 'ORG1',
  fullName: 'Ada Admin',
  username: 'ada@example.com',
  avatarUrl: null,
};
const staff = {
  id: '01JD0000000000000000000002',
  orgId: 'ORG1',
  fullName: 'Sam Staff',
  username: 'sam@example.com',
  avatarUrl: null,
};
const client = { clientAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' };

const put = (
  item = auditPut(
    { actor: admin, client },
    { action: 'user.role_changed', target: userTarget(staff), details: { from: 'staff', to: 'admin' } },
  ),
) => {
  if (!item.Put) throw new Error('not a Put');
  return item.Put as unknown as { Item: AuditItem & { PK: string; SK: string }; ConditionExpression: string };
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('audit entry writer', () => {
  it('puts the entry under the organization’s AUDIT# partition, only where nothing exists', () => {
    const { Item, ConditionExpression } = put();
    expect(Item.PK).toBe('AUDIT#ORG1');
    expect(Item.SK).toBe(`ENTRY#${Item.id}`);
    expect(ConditionExpression).toBe('attribute_not_exists(PK)');
    expect(Item).toMatchObject({
      type: 'AUDIT',
      orgId: 'ORG1',
      action: 'user.role_changed',
      actor: { id: admin.id, fullName: admin.fullName, username: admin.username },
      target: { type: 'user', id: staff.id, label: 'Sam Staff' },
      clientAddress: '203.0.113.7',
      details: { from: 'staff', to: 'admin' },
    });
    expect(auditEntryResponse.safeParse(Item).success).toBe(true);
  });

  it('expires 400 days after it was written', () => {
    const { Item } = put();
    const afterWritten = Item.ttl - Date.parse(Item.at) / 1000;
    expect(afterWritten).toBeGreaterThanOrEqual(400 * 86_400);
    expect(afterWritten).toBeLessThan(400 * 86_400 + 1);
  });

  it('gives time-ordered ids from the functions’ clock, in order within one millisecond', () => {
    // Ahead, not behind: a monotonic factory never goes back in time within one process.
    vi.stubEnv('GROWTHWISE_CLOCK_OFFSET_MS', String(86_400_000));
    const ids = Array.from({ length: 5 }, () => put().Item.id);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(5);
    const item = put().Item;
    expect(decodeTime(item.id)).toBe(Date.parse(item.at));
    expect(Date.parse(item.at) - Date.now()).toBeGreaterThan(86_000_000);
  });

  it('keeps no more than 512 characters of a User-Agent and an empty details object by default', () => {
    const { Item } = put(
      auditPut(
        { actor: staff, client: { ...client, userAgent: 'x'.repeat(2000) } },
        { action: 'session.signed_out', target: userTarget(staff) },
      ),
    );
    expect(Item.userAgent).toHaveLength(512);
    expect(Item.details).toEqual({});
  });
});
