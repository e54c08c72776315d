import { execFile } from 'node:child_process';
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
    expect(packages.filter((name) => !TRANSITIVE_ENGINE_WARNINGS.has(name))).toEqual([]);
    // An unknown key in the user's ~/.npmrc or the environment is the machine's config; one in the project's .npmrc would be ours.
    const others = warnings.filter((line) => !/^npm warn (EBADENGINE|Unknown (user|env) config)/.test(line));
    expect(others).toEqual([]);
  }, 60_000);
});
