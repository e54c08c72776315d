import type { AuditEntryResponse } from '../../shared/schemas/audit-log';

const HEADER = [
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
];

/**
 * Spreadsheets run a cell that starts with one of these as a formula (CSV injection: a project
 * named `=HYPERLINK(...)` would become a live link or worse in the admin's Excel). A leading
 * apostrophe makes the cell plain text there; tab and carriage return are on OWASP's list too.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * RFC 4180 quotes a field holding a comma, a double quote or a line break, its quotes doubled. We also
 * quote one holding a formula character, a semicolon or a tab anywhere: Excel in a semicolon locale
 * splits `x;=1+2` at the semicolon and runs the `=1+2` it finds, unless the whole field is quoted.
 */
const NEEDS_QUOTES = /[",\r\n;\t=+\-@]/;

export function csvCell(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

const row = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The audit log as a CSV file: a header row, then one row per entry, CRLF line ends (RFC 4180).
 * It starts with a UTF-8 byte order mark: without it Excel reads the file as the system's legacy
 * code page and garbles every accented name.
 */
export function auditLogCsv(entries: AuditEntryResponse[]): string {
  const lines = entries.map((entry) =>
    row([
      entry.at,
      entry.actor.fullName,
      entry.actor.username,
      entry.actor.id,
      entry.action,
      entry.target.type,
      entry.target.id,
      entry.target.label,
      entry.clientAddress,
      entry.userAgent,
      Object.keys(entry.details).length ? JSON.stringify(entry.details) : '',
    ]),
  );
  return `\uFEFF${row(HEADER)}${lines.join('')}`;
}
