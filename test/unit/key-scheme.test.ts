import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Each folder of functions/ declares its own items' keys in its keys.ts (docs/decisions/095): the
// scheme no longer lives in one file, so this reads every folder's builders and checks that no two
// of them claim the same keys, and that a Query's prefix meets only its own folder's items.

const FUNCTIONS = path.resolve(import.meta.dirname, '../../functions');
const PLACEHOLDER = /\uE000\d+\uE000/g;

interface Pattern {
  builder: string;
  folder: string;
  PK: string;
  /** The sort key up to its first argument: what a Query over it reads. */
  fixed: string;
  /** Whether the sort key goes on past `fixed` with an argument. */
  open: boolean;
}

/** A builder's keys with every argument as a placeholder, so the patterns can be compared. */
function patternOf(folder: string, builder: string, build: (...args: string[]) => unknown): Pattern {
  const args = Array.from({ length: build.length }, (_, index) => `\uE000${index}\uE000`);
  const key = build(...args) as { PK: string; SK?: string; prefix?: string };
  const sortKey = key.SK ?? key.prefix!;
  const cut = sortKey.search(PLACEHOLDER);
  return {
    builder,
    folder,
    PK: key.PK.replace(PLACEHOLDER, '{}'),
    fixed: cut < 0 ? sortKey : sortKey.slice(0, cut),
    open: cut >= 0 || key.prefix !== undefined,
  };
}

const folders = readdirSync(FUNCTIONS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(path.join(FUNCTIONS, entry.name)).includes('keys.ts'))
  .map((entry) => entry.name);

async function patterns(kind: 'Keys' | 'Collections'): Promise<Pattern[]> {
  const found: Pattern[] = [];
  for (const folder of folders) {
    const module = (await import(path.join(FUNCTIONS, folder, 'keys.ts'))) as Record<string, unknown>;
    for (const [name, builders] of Object.entries(module)) {
      if (!name.endsWith(kind) || typeof builders !== 'object') continue;
      for (const [builder, build] of Object.entries(builders as Record<string, (...args: string[]) => unknown>)) {
        found.push(patternOf(folder, `${name}.${builder}`, build));
      }
    }
  }
  return found;
}

/** Whether a Query over `range` (its partition and sort-key start) can read items of `key`. */
const meets = (range: Pattern, key: Pattern) =>
  range.PK === key.PK &&
  (range.open ? key.fixed.startsWith(range.fixed) || (key.open && range.fixed.startsWith(key.fixed)) : range.fixed === key.fixed);

describe('the key scheme across the folders', () => {
  it('reads the builders of every folder that has a keys.ts', async () => {
    expect(folders).toEqual(expect.arrayContaining(['projects', 'user', 'mailer', 'throttles']));
    expect((await patterns('Keys')).length).toBeGreaterThanOrEqual(41);
  });

  it('has no two key builders whose keys can meet', async () => {
    const keys = await patterns('Keys');
    const clashes = keys.flatMap((one, index) =>
      keys
        .slice(index + 1)
        .filter((other) => meets(one, other) || meets(other, one))
        .map((other) => `${one.builder} ~ ${other.builder}`),
    );
    expect(clashes).toEqual([]);
  });

  it("has every Query prefix read only its own folder's items", async () => {
    const keys = await patterns('Keys');
    const strays = (await patterns('Collections')).flatMap((range) =>
      keys
        .filter((key) => key.folder !== range.folder && meets(range, key))
        .map((key) => `${range.builder} reads ${key.builder}`),
    );
    expect(strays).toEqual([]);
  });
});
