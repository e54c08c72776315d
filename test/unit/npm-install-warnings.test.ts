import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Engine warnings npm prints for dependencies of our dependencies (maildev's fastify and express
 * ask for Node 22; they run on this project's Node 20). Not our configuration, so not ours to hide.
 */
const TRANSITIVE_ENGINE_WARNINGS = new Set(['content-disposition@3.0.0', 'cookie@2.0.2']);

/**
 * Dependencies that only the browser runs: Vite bundles them into a page's chunk (Scalar's reference, the
 * /developers page, docs/decisions/115). Their Node engines range is that of their authors' build tools; no
 * Node of ours runs them. Each, and what it brings, by the lockfile.
 */
const BROWSER_ONLY = ['@scalar/api-reference-react'];

interface LockedPackage {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** `name@version` of every package the lockfile installs for `roots`, found as Node resolves them (nearest node_modules first). */
function lockedClosureOf(roots: string[]): Set<string> {
  const { packages } = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockedPackage>;
  };
  const resolve = (from: string, name: string) => {
    for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
      const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!dir) return undefined;
    }
  };
  const seen = new Set<string>();
  const visit = (location: string | undefined) => {
    if (!location || seen.has(location)) return;
    seen.add(location);
    const locked = packages[location]!;
    for (const name of Object.keys({ ...locked.dependencies, ...locked.optionalDependencies })) visit(resolve(location, name));
  };
  roots.forEach((root) => visit(resolve('', root)));
  return new Set(
    [...seen].map((location) => `${location.slice(location.lastIndexOf('node_modules/') + 13)}@${packages[location]!.version}`),
  );
}

/**
 * The warnings npm resolves the lockfile with, as `npm ci` prints them, without touching node_modules.
 * Resolved once for both tests: a resolution of the whole tree is several seconds of CPU.
 */
let resolved: Promise<string[]> | undefined;
function installWarnings(): Promise<string[]> {
  resolved ??= promisify(execFile)(
    'npm',
    ['install', '--package-lock-only', '--ignore-scripts', '--dry-run', '--no-audit', '--no-fund'],
    { cwd: ROOT },
  ).then(({ stdout, stderr }) => `${stdout}\n${stderr}`.split('\n').filter((line) => line.startsWith('npm warn')));
  return resolved;
}

describe('a fresh clone’s npm ci (issue 20: no warning from this project’s own configuration)', () => {
  it('resolves every peer dependency: Amplify UI’s @xstate/react is given the app’s React (package.json overrides)', async () => {
    const warnings = await installWarnings();
    expect(warnings.filter((line) => line.includes('ERESOLVE'))).toEqual([]);
  }, 60_000);

  it('prints no other warning than the engine ranges of transitive dependencies', async () => {
    const warnings = await installWarnings();
    const engineWarnings = warnings.filter((line) => line.startsWith('npm warn EBADENGINE'));
    const packages = engineWarnings.map((line) => /package: '([^']+)'/.exec(line)?.[1]).filter((name) => name !== undefined);
    const browserOnly = lockedClosureOf(BROWSER_ONLY);
    expect(packages.filter((name) => !TRANSITIVE_ENGINE_WARNINGS.has(name) && !browserOnly.has(name))).toEqual([]);
    // An unknown key in the user's ~/.npmrc or the environment is the machine's config; one in the project's .npmrc would be ours.
    const others = warnings.filter((line) => !/^npm warn (EBADENGINE|Unknown (user|env) config)/.test(line));
    expect(others).toEqual([]);
  }, 60_000);
});
