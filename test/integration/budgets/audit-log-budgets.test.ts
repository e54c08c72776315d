import { describe, expect, it } from 'vitest';
import { seedAuditEntries } from '../audit-log/seed-audit-entries';
import { registerOrganization } from '../support/api';
import { budgetOf } from './read-budgets';

/**
 * The audit log's person filter is a key read of that person's entries (docs/decisions/062): a page
 * of one person's entries costs the same calls and read units whether the log holds 5 entries of
 * others or 5,000, where a filter over the log read (and billed) up to 2,000 entries a page.
 */
const LOG = '/api/organization/audit-log';
const ann = { id: 'ann-0001', fullName: 'Ann', username: 'ann@example.com' };
const bob = { id: 'bob-0002', fullName: 'Bob', username: 'bob@example.com' };
/** The session's BatchGetItem and one Query of a page of 50 entries of about 500 bytes, eventually consistent. */
const PERSON_PAGE_READ_UNITS = 6;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('the audit log filtered by person costs the same for 5 entries of others as for 5,000', () => {
  it('answers that person’s entries, newest first, in the same calls and read units', async () => {
    const [few, many] = await Promise.all([registerOrganization(), registerOrganization()]);
    // Ann's 60 entries are the oldest: a filter over the log would read every newer entry of Bob's first.
    const annsEntries = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ at: minutesAgo(100_000 - index), actor: ann }));
    const bobsEntries = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ at: minutesAgo(90_000 - index), actor: bob }));
    const [smallAnn, largeAnn] = await Promise.all([
      seedAuditEntries(few.orgId, annsEntries(60)),
      seedAuditEntries(many.orgId, annsEntries(60)),
    ]);
    await Promise.all([seedAuditEntries(few.orgId, bobsEntries(5)), seedAuditEntries(many.orgId, bobsEntries(5_000))]);

    const small = await few.call<{ entries: { id: string }[]; nextCursor: string | null }>(`${LOG}?actorId=${ann.id}`);
    const large = await many.call<{ entries: { id: string }[]; nextCursor: string | null }>(`${LOG}?actorId=${ann.id}`);
    expect([small.status, large.status]).toEqual([200, 200]);
    expect(small.body.entries.map((entry) => entry.id)).toEqual(
      smallAnn
        .map((item) => item.id)
        .reverse()
        .slice(0, 50),
    );
    expect(large.body.entries.map((entry) => entry.id)).toEqual(
      largeAnn
        .map((item) => item.id)
        .reverse()
        .slice(0, 50),
    );
    expect(large.body.nextCursor).toBe(large.body.entries[49]!.id);
    expect(large.dbCalls).toBe(small.dbCalls);
    expect(large.dbCalls).toBeLessThanOrEqual(budgetOf({ method: 'GET', path: LOG }));
    expect(small.dbReadUnits).toBeLessThanOrEqual(PERSON_PAGE_READ_UNITS);
    expect(large.dbReadUnits, `${large.dbReadUnits} read units for a page of Ann's among 5,000 of Bob's`).toBeLessThanOrEqual(
      PERSON_PAGE_READ_UNITS,
    );

    const next = await many.call<{ entries: { id: string }[]; nextCursor: string | null }>(
      `${LOG}?actorId=${ann.id}&cursor=${large.body.nextCursor}`,
    );
    expect(next.body.entries.map((entry) => entry.id)).toEqual(
      largeAnn
        .map((item) => item.id)
        .reverse()
        .slice(50),
    );
    expect(next.body.nextCursor).toBeNull();
    expect(next.dbReadUnits).toBeLessThanOrEqual(PERSON_PAGE_READ_UNITS);
  }, 120_000);
});
