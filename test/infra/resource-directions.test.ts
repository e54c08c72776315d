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

/**
 * The folders that compose resources for a request, as the handlers do: the route's side. Every other
 * folder that is no resource is plumbing, and plumbing knows no domain (issue 61).
 */
const ROUTE_SIDE = new Set(['handlers', 'http', 'middleware']);
const plumbing = new Set(
  readdirSync(FUNCTIONS).filter(
    (name) => statSync(path.join(FUNCTIONS, name)).isDirectory() && !resources.has(name) && !ROUTE_SIDE.has(name),
  ),
);

/**
 * Plumbing folders that still import a resource folder, each to be turned round (the resource hands
 * the plumbing what it needs). Listed so no new edge is born; the test fails when one is gone, so the
 * list only shrinks. functions/db/ is never on it: it holds the generic key builder, and each
 * resource declares its own keys with it (docs/decisions/095).
 */
const PLUMBING_STILL_IMPORTING = [
  'domain → sessions',
  'mailer → billing',
  'mailer → invitations',
  'security → mfa',
  'security → user',
];

/**
 * Which resource folders each folder among `importers` imports, type-only imports included (they
 * are a dependency of the design all the same).
 */
function resourceImports(importers: Set<string>): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  for (const file of sources(FUNCTIONS)) {
    const from = path.relative(FUNCTIONS, file).split(path.sep)[0]!;
    if (!importers.has(from)) continue;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const to = path.relative(FUNCTIONS, path.resolve(path.dirname(file), specifier!)).split(path.sep)[0]!;
      if (to !== from && resources.has(to)) imports.set(from, (imports.get(from) ?? new Set()).add(to));
    }
  }
  return imports;
}

describe('resource folders depend one way', () => {
  const imports = resourceImports(resources);
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

describe('plumbing knows no resource', () => {
  const imports = resourceImports(plumbing);
  const edges = [...imports].flatMap(([from, targets]) => [...targets].map((to) => `${from} → ${to}`)).sort();

  it('scans the plumbing folders (db among them)', () => {
    expect([...plumbing]).toEqual(expect.arrayContaining(['db', 'mailer', 'security', 'throttles']));
    expect(edges).toContain('security → user');
  });

  it('has functions/db/ import no resource folder', () => {
    expect(imports.get('db') ?? new Set()).toEqual(new Set());
  });

  it('has no plumbing folder import a resource folder, but the edges still listed', () => {
    expect(edges).toEqual(PLUMBING_STILL_IMPORTING);
  });
});
