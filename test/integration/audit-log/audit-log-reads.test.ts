import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../support/csv';
import { type ApiResponse, type SignedIn, registerOrganization, request } from '../support/api';
import { addMemberDirectly } from '../support/org-members';
import { storedAuditEntries } from './audit-entries';
import { seedAuditEntries } from './seed-audit-entries';

const LOG = '/api/organization/audit-log';
const EXPORT = '/api/organization/audit-log/export';

type Page = {
  entries: { id: string; at: string; action: string; actor: { id: string }; target: { label: string } }[];
  nextCursor: string | null;
};

const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

/** Every page of the log for these filters, following nextCursor. */
async function allPages(admin: SignedIn, params: Record<string, string> = {}): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const response: ApiResponse<Page> = await admin.call<Page>(`${LOG}${query({ ...params, ...(cursor ? { cursor } : {}) })}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    pages.push(response.body);
    cursor = response.body.nextCursor;
  } while (cursor !== null && pages.length < 20);
  return pages;
}

/** 2025-03-01 plus `minutes`: days long past, so no entry the test's own requests write falls in them. */
const march = (minutes: number) => new Date(Date.UTC(2025, 2, 1) + minutes * 60_000);

describe('GET /api/organization/audit-log', () => {
  it('pages newest first, 50 at a time: 120 entries are 50 + 50 + 20, none twice, and the last page has no cursor', async () => {
    const admin = await registerOrganization();
    const seeded = await seedAuditEntries(
      admin.orgId,
      Array.from({ length: 120 }, (_, index) => ({ at: march(index * 7) })),
    );
    const pages = await allPages(admin, { from: '2025-03-01', to: '2025-03-31' });
    expect(pages.map((page) => page.entries.length)).toEqual([50, 50, 20]);
    expect(pages.map((page) => page.nextCursor === null)).toEqual([false, false, true]);
    const ids = pages.flatMap((page) => page.entries.map((entry) => entry.id));
    expect(new Set(ids).size).toBe(120);
    expect(ids).toEqual(seeded.map((item) => item.id).reverse());
  });

  it('answers the whole log without filters, newest first, the actions the test did included', async () => {
    const admin = await registerOrganization({ organizationName: 'Before Ltd' });
    await seedAuditEntries(admin.orgId, [{ at: march(0) }, { at: march(1) }]);
    expect((await admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { name: 'After Ltd' } })).status).toBe(
      200,
    );
    const stored = await storedAuditEntries(admin.orgId);
    const page = (await admin.call<Page>(LOG)).body;
    expect(page.nextCursor).toBeNull();
    expect(page.entries.map((entry) => entry.id)).toEqual(stored.map((item) => item.id));
    expect(page.entries[0]).toMatchObject({
      action: 'organization.renamed',
      actor: { id: admin.user.id },
      target: { label: 'After Ltd' },
    });
    expect(page.entries[0]).not.toHaveProperty('ttl');
    expect(page.entries[0]).not.toHaveProperty('PK');
  });

  it('filters by action, by person and by date range, and fills each page across the partition', async () => {
    const admin = await registerOrganization();
    const ann = { id: 'ann-0001', fullName: 'Ann', username: 'ann@example.com' };
    const bob = { id: 'bob-0002', fullName: 'Bob', username: 'bob@example.com' };
    // 300 entries over March: every 5th is Ann's role change, the rest Bob's sign-ins.
    const seeded = await seedAuditEntries(
      admin.orgId,
      Array.from({ length: 300 }, (_, index) =>
        index % 5 === 0
          ? { at: march(index * 100), action: 'user.role_changed' as const, actor: ann }
          : { at: march(index * 100), actor: bob },
      ),
    );
    const newestFirst = [...seeded].reverse();

    const byAction = (await allPages(admin, { action: 'user.role_changed' })).flatMap((page) => page.entries);
    expect(byAction.map((entry) => entry.id)).toEqual(
      newestFirst.filter((item) => item.action === 'user.role_changed').map((item) => item.id),
    );

    const bobsPages = await allPages(admin, { actorId: bob.id });
    expect(bobsPages.slice(0, -1).every((page) => page.entries.length === 50)).toBe(true);
    expect(bobsPages.flatMap((page) => page.entries.map((entry) => entry.id))).toEqual(
      newestFirst.filter((item) => item.actor.id === bob.id).map((item) => item.id),
    );

    // 2025-03-05 is minutes 5760 to 7199: entries 58 to 71 (every 100 minutes).
    const day = (await allPages(admin, { from: '2025-03-05', to: '2025-03-05' })).flatMap((page) => page.entries);
    expect(day.map((entry) => entry.at.slice(0, 10))).toEqual(Array(14).fill('2025-03-05'));
    expect(day.map((entry) => entry.id)).toEqual(
      newestFirst.filter((item) => item.at.startsWith('2025-03-05')).map((item) => item.id),
    );

    const instants = { from: march(5000).toISOString(), to: march(5200).toISOString() };
    const between = (await allPages(admin, { ...instants, actorId: ann.id })).flatMap((page) => page.entries);
    expect(between.map((entry) => entry.at)).toEqual([march(5000).toISOString()]);
  });

  it('refuses staff with the product’s permission message', async () => {
    const admin = await registerOrganization();
    const staff = await addMemberDirectly(admin.orgId);
    for (const path of [LOG, EXPORT]) {
      const response = await staff.call(path);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'Only administrators can do this' });
    }
  });

  it('never shows another organization’s entries, also with that organization’s cursor', async () => {
    const [first, second] = await Promise.all([
      registerOrganization({ organizationName: 'First Ltd' }),
      registerOrganization({ organizationName: 'Second Ltd' }),
    ]);
    const firstEntries = await seedAuditEntries(
      first.orgId,
      Array.from({ length: 60 }, (_, index) => ({ at: march(index), target: { type: 'user', id: 'x', label: 'First secret' } })),
    );
    const firstPage = (await first.call<Page>(`${LOG}${query({ from: '2025-03-01', to: '2025-03-02' })}`)).body;
    expect(firstPage.entries).toHaveLength(50);

    const firstIds = new Set(firstEntries.map((item) => item.id));
    for (const params of [
      {},
      { cursor: firstPage.nextCursor! } as Record<string, string>,
      { cursor: firstEntries.at(-1)!.id, from: '2025-03-01', to: '2025-03-02' },
    ]) {
      const response = await second.call<Page>(`${LOG}${query(params)}`);
      expect(response.status).toBe(200);
      expect(response.body.entries.filter((entry) => firstIds.has(entry.id))).toEqual([]);
      expect(response.text).not.toContain('First secret');
    }
    const exported = await second.call(EXPORT);
    expect(exported.text).not.toContain('First secret');
    // The second organization's own log is still its own.
    expect((await second.call<Page>(LOG)).body.entries.map((entry) => entry.id)).toEqual(
      (await storedAuditEntries(second.orgId)).map((item) => item.id),
    );
  });

  it.each([
    [{ from: '2025-02-30' }, 'from', 'From must be a valid date (YYYY-MM-DD)'],
    [{ to: 'yesterday' }, 'to', 'To must be a valid date (YYYY-MM-DD)'],
    [{ from: '2025-03-10', to: '2025-03-01' }, 'to', 'To must not be before From'],
    [{ action: 'user.hacked' }, 'action', 'Choose one of the listed actions'],
    [{ actorId: 'a b' }, 'actorId', 'Choose a person of your organization'],
    [{ cursor: 'not-a-cursor' }, 'cursor', 'cursor must be the id of an audit entry'],
  ])('answers %j with 400 and a field message', async (params, field, message) => {
    const admin = await registerOrganization();
    const response = await admin.call(`${LOG}${query(params)}`);
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({ [field]: message });
    if (!('cursor' in params)) {
      const exported = await admin.call(`${EXPORT}${query(params)}`);
      expect(exported.status).toBe(400);
      expect(exported.body.fieldErrors).toEqual({ [field]: message });
    }
  });
});

describe('GET /api/organization/audit-log/export', () => {
  it('answers the filtered range as a CSV attachment: header, RFC 4180 quoting, formula cells guarded', async () => {
    const admin = await registerOrganization({ organizationName: 'Plain Ltd' });
    expect(
      (await admin.call(`/api/organization/${admin.orgId}`, { method: 'PATCH', body: { name: 'Acme, "Best" Ltd' } })).status,
    ).toBe(200);
    const project = (await admin.call('/api/projects', { body: { name: '=HYPERLINK("http://evil.example")' } })).body as {
      id: string;
    };
    expect((await admin.call(`/api/projects/${project.id}`, { method: 'DELETE' })).status).toBe(200);
    await seedAuditEntries(admin.orgId, [
      { at: march(0), target: { type: 'project', id: 'p1', label: 'Line one\nline two' }, details: { note: '+1, "quoted"' } },
    ]);

    const response = await admin.call(EXPORT);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="growthwise-audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // fetch's text() drops the byte order mark; its 3 bytes are still counted in the length.
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(response.text) + 3);
    expect(response.text).toContain('\r\n');
    const rows = parseCsv(response.text);
    expect(rows[0]).toEqual([
      'Time (UTC)',
      'Actor',
      'Actor email',
      'Actor ID',
      'Action',
      'Target type',
      'Target ID',
      'Target',
      'Client address',
      'User agent',
      'Details',
    ]);
    const stored = await storedAuditEntries(admin.orgId);
    expect(rows.slice(1).map((row) => row[0])).toEqual(stored.map((item) => item.at));
    expect(rows.every((row) => row.length === 11)).toBe(true);

    const byAction = (action: string) => rows.find((row) => row[4] === action)!;
    expect(byAction('organization.renamed')[7]).toBe('Acme, "Best" Ltd');
    expect(response.text).toContain('"Acme, ""Best"" Ltd"');
    expect(byAction('project.deleted')[7]).toBe('\'=HYPERLINK("http://evil.example")');
    const seededRow = rows.find((row) => row[6] === 'p1')!;
    expect(seededRow[7]).toBe('Line one\nline two');
    expect(JSON.parse(seededRow[10]!)).toEqual({ note: '+1, "quoted"' });
  });

  it('a failed sign-in’s browser identification holding a formula after a semicolon or a tab is exported quoted whole (issue 39, finding 10)', async () => {
    const admin = await registerOrganization();
    // Planted without an account: a wrong password sent with a crafted User-Agent.
    const planted = ['x;=1+2', 'Mozilla\t=1+2'];
    for (const userAgent of planted) {
      expect(
        (
          await request('/api/login', {
            body: { username: admin.email, password: 'not-the-password-at-all' },
            headers: { 'user-agent': userAgent },
          })
        ).status,
      ).toBe(401);
    }
    const response = await admin.call(`${EXPORT}${query({ action: 'session.sign_in_failed' })}`);
    expect(response.status).toBe(200);
    const lines = response.text.split('\r\n').filter((line) => line.includes('session.sign_in_failed'));
    expect(lines).toHaveLength(2);
    // The User agent cell, between the client address and the details, quoted whole: no semicolon-locale
    // spreadsheet splits `=1+2` out of it, and the tab stays inside the cell.
    expect(lines.filter((line) => line.includes(',"x;=1+2","{'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes(',"Mozilla\t=1+2","{'))).toHaveLength(1);
    expect(
      parseCsv(response.text)
        .slice(1)
        .map((row) => row[9])
        .sort(),
    ).toEqual(['Mozilla\t=1+2', 'x;=1+2']);
  });

  it('exports only the filtered range', async () => {
    const admin = await registerOrganization();
    await seedAuditEntries(admin.orgId, [
      { at: march(0), action: 'user.removed' },
      { at: march(60 * 24), action: 'user.removed' },
      { at: march(60 * 24 + 1), action: 'user.added' },
    ]);
    const response = await admin.call(`${EXPORT}${query({ from: '2025-03-02', to: '2025-03-02', action: 'user.removed' })}`);
    expect(response.status).toBe(200);
    const rows = parseCsv(response.text);
    expect(rows.slice(1).map((row) => [row[0], row[4]])).toEqual([[march(60 * 24).toISOString(), 'user.removed']]);
  });

  // 5,001 entries written and read twice over: on a busy machine longer than the suite's 30 s default.
  it('refuses a range of more than 5,000 entries with a request to shorten it', { timeout: 90_000 }, async () => {
    const admin = await registerOrganization();
    await seedAuditEntries(
      admin.orgId,
      Array.from({ length: 5_001 }, (_, index) => ({ at: march(index) })),
    );
    const response = await admin.call(`${EXPORT}${query({ from: '2025-03-01', to: '2025-03-31' })}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The export holds at most 5,000 entries. Please choose a shorter date range.');
    const shorter = await admin.call(`${EXPORT}${query({ from: '2025-03-01', to: '2025-03-02' })}`);
    expect(shorter.status).toBe(200);
    expect(parseCsv(shorter.text)).toHaveLength(1 + 2 * 24 * 60);
  });
});
