import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { READ_BUDGETS } from '../integration/budgets/read-budgets';

const DATA_MODEL = path.resolve(import.meta.dirname, '../../docs/data-model.md');

/** The rows of docs/data-model.md's "Every route's worst case": route key → its bound. */
function statedBounds(): Map<string, string> {
  const text = readFileSync(DATA_MODEL, 'utf8');
  const start = text.indexOf("## Every route's worst case");
  expect(start, 'docs/data-model.md has a section "Every route\'s worst case"').toBeGreaterThan(-1);
  const section = text.slice(start, text.indexOf('\n## ', start + 1));
  const bounds = new Map<string, string>();
  for (const line of section.split('\n')) {
    const row = /^\| `([A-Z]+ \/api\/[^`]+)` \|([^|]*)\|([^|]*)\|$/.exec(line);
    if (!row) continue;
    expect(bounds.has(row[1]!), `${row[1]} has one row`).toBe(false);
    bounds.set(row[1]!, row[3]!.trim());
  }
  return bounds;
}

describe("every route's worst case is written down with its bound (issue 62, item 6)", () => {
  const keys = routes.map((route) => `${route.method} ${route.path}`);

  it('has a row for every route of the route table, and none for a route that is gone', () => {
    const bounds = statedBounds();
    expect(
      keys.filter((key) => !bounds.has(key)),
      'routes without a stated bound',
    ).toEqual([]);
    expect(
      [...bounds.keys()].filter((key) => !keys.includes(key)),
      'rows of no route',
    ).toEqual([]);
  });

  it('states each bound in figures: calls, and items or units', () => {
    for (const [key, bound] of statedBounds()) expect(bound, key).toMatch(/^\d+ calls?\b/);
  });

  it("gives each read route the calls its budget allows, so the document cannot drift from the test's budgets", () => {
    for (const [key, bound] of statedBounds())
      if (READ_BUDGETS[key] !== undefined) expect(bound, key).toMatch(new RegExp(`^${READ_BUDGETS[key]} calls?\\b`));
  });
});
