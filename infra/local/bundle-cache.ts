import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { version as esbuildVersion } from 'esbuild';
import { HANDLER_BUNDLING } from '../bundling';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
/** One folder per state of the sources, under the ignored .build/. */
export const BUNDLE_CACHE_DIR = path.join(PROJECT_ROOT, '.build', 'functions-cache');
/** What a handler bundle can be made of: our sources, and the dependencies the lock file pins. */
const SOURCES = [
  'functions',
  'shared',
  'infra/bundling.ts',
  'infra/local/build-functions.ts',
  // The generator of the OpenAPI document one bundle holds (docs/decisions/115).
  'infra/openapi',
  'package-lock.json',
].map((source) => path.join(PROJECT_ROOT, source));
const COMPLETE = '.complete';
/** A folder of another state of the sources is left this long, for a process that may still copy from it. */
const STALE_AFTER_MS = 10 * 60_000;

/**
 * Bundles `entries` into outDir through a cache keyed by everything the bundles are made from, so a
 * run that starts several local clouds (the integration suite's, the clouds of the outage, restart
 * and expiry tests, the e2e server, the Stripe stage) bundles once and copies after that
 * (docs/decisions/029). Each cloud still gets files of its own: a process importing two clouds'
 * bundles gets fresh modules for each.
 */
export async function bundleThroughCache(
  entries: Record<string, string>,
  outDir: string,
  bundle: (entries: Record<string, string>, outDir: string) => Promise<void>,
) {
  const key = await sourcesKey(entries);
  const cached = path.join(BUNDLE_CACHE_DIR, key);
  if (!existsSync(path.join(cached, COMPLETE))) {
    await mkdir(BUNDLE_CACHE_DIR, { recursive: true });
    const staging = await mkdtemp(path.join(BUNDLE_CACHE_DIR, `${key}.`));
    await bundle(entries, staging);
    await writeFile(path.join(staging, COMPLETE), '');
    // Another process may have put the same bundles in place meanwhile: theirs stay.
    await rename(staging, cached).catch(() => rm(staging, { recursive: true, force: true }));
    await removeStale(key);
  }
  await copyBundles(cached, outDir);
}

async function sourcesKey(entries: Record<string, string>): Promise<string> {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({
      esbuildVersion,
      HANDLER_BUNDLING,
      entries: Object.entries(entries).map(([name, entry]) => [name, path.relative(PROJECT_ROOT, entry)]),
    }),
  );
  for (const file of (await Promise.all(SOURCES.map(filesOf))).flat().sort()) {
    hash.update(`\0${path.relative(PROJECT_ROOT, file)}\0`);
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 20);
}

async function filesOf(source: string): Promise<string[]> {
  const info = await stat(source).catch(() => undefined);
  if (!info) return [];
  if (!info.isDirectory()) return [source];
  const children = await readdir(source, { withFileTypes: true });
  return (await Promise.all(children.map((child) => filesOf(path.join(source, child.name))))).flat();
}

/**
 * Copies every bundle and map; a map's sources are relative to its own folder, so they are written
 * again relative to the copy's (the bundle tests and logged stacks follow them to the source files).
 */
async function copyBundles(from: string, to: string) {
  for (const entry of await readdir(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name === COMPLETE) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    let contents: string | Buffer = await readFile(source);
    if (entry.name.endsWith('.map')) {
      const map = JSON.parse(contents.toString('utf8')) as { sources: string[] };
      map.sources = map.sources.map((file) =>
        path.relative(path.dirname(target), path.resolve(path.dirname(source), file)).replaceAll('\\', '/'),
      );
      contents = JSON.stringify(map);
    }
    await mkdir(path.dirname(target), { recursive: true });
    // Written beside and renamed into place: a server still importing the old bundle never reads half a file.
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, contents);
    await rename(temporary, target);
  }
}

/** Folders of earlier states of the sources (and abandoned staging folders), once nobody can still be reading them. */
async function removeStale(key: string) {
  for (const name of await readdir(BUNDLE_CACHE_DIR)) {
    if (name === key) continue;
    const folder = path.join(BUNDLE_CACHE_DIR, name);
    const info = await stat(folder).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_AFTER_MS) await rm(folder, { recursive: true, force: true });
  }
}
