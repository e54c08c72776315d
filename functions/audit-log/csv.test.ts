import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/support/csv';
import { auditLogCsv, csvCell } from './csv';

const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'];

describe('audit log CSV', () => {
  test.prop([fc.array(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 })])(
    'any cells read back as written (RFC 4180), a formula start behind an apostrophe',
    (rows) => {
      const text = rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
      const guarded = rows.map((row) =>
        row.map((cell) => (FORMULA_START.some((start) => cell.startsWith(start)) ? `'${cell}` : cell)),
      );
      expect(parseCsv(text)).toEqual(guarded);
    },
  );

  it('quotes commas, quotes and line breaks, and guards formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('=SUM(A1,A2)')).toBe('"\'=SUM(A1,A2)"');
    expect(csvCell('@cmd')).toBe(`"'@cmd"`);
  });

  it('quotes a cell with a formula character, a semicolon or a tab anywhere, so no locale splits a formula out of it', () => {
    expect(csvCell('x;=1+2')).toBe('"x;=1+2"');
    expect(csvCell('name\t=1+2')).toBe('"name\t=1+2"');
    expect(csvCell('a@b')).toBe('"a@b"');
    expect(csvCell('Spring launch')).toBe('Spring launch');
  });

  it('starts with a byte order mark and a header row, one CRLF-ended row per entry', () => {
    const csv = auditLogCsv([
      {
        id: '01JQ0000000000000000000001',
        at: '2025-01-05T15:04:05.000Z',
        actor: { id: 'u1', fullName: 'Ada', username: 'ada@example.com' },
        action: 'user.role_changed',
        target: { type: 'user', id: 'u2', label: 'Bob' },
        clientAddress: '192.0.2.1',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
        details: { from: 'staff', to: 'admin' },
      },
    ]);
    expect(csv.startsWith('\uFEFFTime (UTC),Actor,')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parseCsv(csv.slice(1))[1]).toEqual([
      '2025-01-05T15:04:05.000Z',
      'Ada',
      'ada@example.com',
      'u1',
      'user.role_changed',
      'user',
      'u2',
      'Bob',
      '192.0.2.1',
      'Mozilla/5.0 (X11; Linux x86_64)',
      '{"from":"staff","to":"admin"}',
    ]);
  });
});
