import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DECISIONS = path.join(ROOT, 'docs/decisions');
const INDEX = path.join(DECISIONS, 'README.md');

type Kind = 'amends' | 'supersedes' | 'amended by' | 'superseded by';
/** What each kind of mark asks of the record it names. */
const COUNTERPART: Record<Kind, Kind> = {
  amends: 'amended by',
  supersedes: 'superseded by',
  'amended by': 'amends',
  'superseded by': 'supersedes',
};
/** The order marks take in the index's status column. */
const KINDS: Kind[] = ['superseded by', 'amended by', 'supersedes', 'amends'];
const ID = String.raw`\d{3}[a-z]?`;
// 'amends 029', 'supersedes 021c, 021d and 021j', 'amended by 072, 074, 082 and 083'.
const MARK = new RegExp(
  String.raw`\b(amends|supersedes|amended by|superseded by)\s+(${ID}(?:(?:\s*,\s*|\s*,?\s+and\s+)${ID})*)\b`,
  'gi',
);

interface DecisionRecord {
  file: string;
  id: string;
  title: string;
  /** The Status paragraph, links reduced to their text; undefined when the record has none. */
  status?: string;
  marks: Map<Kind, string[]>;
}

const withoutLinks = (text: string) => text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');

function readRecord(file: string): DecisionRecord {
  const text = readFileSync(path.join(DECISIONS, file), 'utf8');
  const id = file.match(new RegExp(`^(${ID})-`))?.[1] ?? file;
  const title = (text.match(/^# (.*)$/m)?.[1] ?? '').replace(new RegExp(String.raw`^${ID}\s*(—|:|-|\.)\s*`), '').trim();
  // The paragraph that begins 'Status:' runs to the next blank line.
  const status = text.match(/^Status: (.+(?:\n(?!\n).+)*)/m)?.[1];
  const marks = new Map<Kind, string[]>();
  for (const [, kind = '', ids = ''] of withoutLinks(status ?? '').matchAll(MARK)) {
    const key = kind.toLowerCase() as Kind;
    marks.set(key, [
      ...(marks.get(key) ?? []),
      ...ids.split(/\s*,\s*|\s+and\s+/).map((one) => one.replace(/^and\s+/, '').trim()),
    ]);
  }
  return { file, id, title, status: status && withoutLinks(status), marks };
}

const records = () =>
  readdirSync(DECISIONS)
    .filter((file) => /^\d{3}[a-z]?-.*\.md$/.test(file))
    .sort()
    .map(readRecord);

/** The index's line for a record: its number, its title linked, its state and the marks of its Status line. */
function indexLine(record: DecisionRecord): string {
  const superseded = /^superseded\b/i.test(record.status ?? '');
  const state = superseded ? [] : [(record.status ?? '').match(/^\w+/)?.[0].toLowerCase() ?? 'no status'];
  // A record still accepted that names a 'superseded by' is superseded in part: the index says so.
  const label = (kind: Kind) => (kind === 'superseded by' && !superseded ? 'superseded in part by' : kind);
  const marks = KINDS.filter((kind) => record.marks.has(kind)).map(
    (kind) => `${label(kind)} ${record.marks.get(kind)!.join(', ')}`,
  );
  return `| ${record.id} | [${record.title}](${record.file}) | ${[...state, ...marks].join('; ')} |`;
}

/** The markdown files whose relative links must resolve: the docs, the README and the bench history. */
function markdownFiles(): string[] {
  const found = ['README.md', 'bench/results/history.md'];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(ROOT, dir))) {
      const relative = path.join(dir, name);
      if (statSync(path.join(ROOT, relative)).isDirectory()) walk(relative);
      else if (name.endsWith('.md')) found.push(relative);
    }
  };
  walk('docs');
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  withoutLinks(heading)
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsIn(file: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading = ''] of readFileSync(file, 'utf8').matchAll(/^#{1,6} (.+)$/gm)) {
    let anchor = anchorOf(heading);
    for (let n = 1; anchors.has(anchor); n++) anchor = `${anchorOf(heading)}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** Every relative link of a markdown file, outside code, that names no file or no heading of its target. */
function deadLinks(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/`[^`\n]*`/g, '');
  const dead: string[] = [];
  for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue;
    const [filePart, anchor] = target.split('#');
    const resolved = filePart ? path.resolve(path.dirname(path.join(ROOT, file)), decodeURI(filePart)) : path.join(ROOT, file);
    if (!existsSync(resolved)) dead.push(`${file}: ${target} (no such file)`);
    else if (anchor && resolved.endsWith('.md') && !anchorsIn(resolved).has(anchor.toLowerCase()))
      dead.push(`${file}: ${target} (no such heading)`);
  }
  return dead;
}

describe('docs/decisions: every record has a status, an index line, and marks on both ends', () => {
  it('every record has a Status: line', () => {
    expect(
      records()
        .filter((record) => !record.status)
        .map((record) => record.file),
    ).toEqual([]);
  });

  it("every 'amends N' / 'supersedes N' of a Status line is marked on N, and every 'amended by' / 'superseded by' on the record it names", () => {
    const byId = new Map(records().map((record) => [record.id, record]));
    const unmatched: string[] = [];
    for (const record of byId.values()) {
      for (const [kind, ids] of record.marks) {
        for (const id of ids) {
          const other = byId.get(id);
          if (!other) unmatched.push(`${record.file}: ${kind} ${id}, which is no record`);
          else if (!other.marks.get(COUNTERPART[kind])?.includes(record.id))
            unmatched.push(
              `${record.file}: ${kind} ${id}, but ${other.file}'s Status does not say '${COUNTERPART[kind]} ${record.id}'`,
            );
        }
      }
    }
    expect(unmatched).toEqual([]);
  });

  it('docs/decisions/README.md has one line for every record, with its status, and none for a record that is gone', () => {
    const index = readFileSync(INDEX, 'utf8').split('\n');
    const all = records();
    expect(all.map(indexLine).filter((line) => !index.includes(line))).toEqual([]);
    const files = new Set(all.map((record) => record.file));
    expect(
      index.filter(
        (line) => line.startsWith('| ') && /\]\(([^)]+)\)/.test(line) && !files.has(line.match(/\]\(([^)]+)\)/)?.[1] ?? ''),
      ),
    ).toEqual([]);
  });

  it('every relative link in README.md, docs/ and the bench history names a file and heading that exist', () => {
    expect(markdownFiles().flatMap(deadLinks)).toEqual([]);
  });
});
