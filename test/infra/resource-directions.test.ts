import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FUNCTIONS = path.join(ROOT, 'functions');

/** The resource folders of functions/: those named as a module of shared/contract/ (the rest is plumbing). */
const resources = new Set(
  readdirSync(path.join(ROOT, 'shared/contract'))
    .filter((file) => file.endsWith('.ts') && file !== 'endpoint.ts' && !file.endsWith('.test.ts'))
    .map((file) => file.slice(0, -3)),
);

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [file] : [];
  });

/** Which resource folders each resource folder imports, type-only imports included (they are a dependency of the design all the same). */
function resourceImports(): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  for (const file of sources(FUNCTIONS)) {
    const from = path.relative(FUNCTIONS, file).split(path.sep)[0]!;
    if (!resources.has(from)) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const to = path.relative(FUNCTIONS, path.resolve(path.dirname(file), specifier!)).split(path.sep)[0]!;
      if (to !== from && resources.has(to)) imports.set(from, (imports.get(from) ?? new Set()).add(to));
    }
  }
  return imports;
}

describe('resource folders depend one way', () => {
  const imports = resourceImports();
  const mutual = [...imports]
    .flatMap(([from, targets]) =>
      [...targets].filter((to) => from < to && imports.get(to)?.has(from)).map((to) => `${from} ↔ ${to}`),
    )
    .sort();

  it('finds the imports between resource folders (the scan reads them)', () => {
    expect(imports.get('projects')?.has('user')).toBe(true);
  });

  // What one resource writes for another goes through functions/events/, which both import (issue 61).
  it('has no two resource folders importing each other', () => {
    expect(mutual, 'resource folders importing each other').toEqual([]);
  });
});

describe('the change events module', () => {
  // Every resource may import it, so it imports none: a resource it named would be imported by all the others.
  it('imports no resource folder', () => {
    const named = sources(path.join(FUNCTIONS, 'events')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)]
        .map(([, specifier]) => path.relative(FUNCTIONS, path.resolve(path.dirname(file), specifier!)).split(path.sep)[0]!)
        .filter((to) => resources.has(to)),
    );
    expect(named).toEqual([]);
  });
});
