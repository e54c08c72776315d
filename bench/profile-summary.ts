import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SourceMapConsumer } from 'source-map-js';
import { round1 } from './stats';

/** The parts of a V8 CPU profile (`node --cpu-prof`) read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Milliseconds of CPU per source, for the import and for the first request apart. */
export interface ProfileSplit {
  import: Map<string, number>;
  request: Map<string, number>;
}

/** The repository's root: our sources are named from it. */
const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Where a source file of the bundle belongs (its absolute path): a package (`@smithy/core`, `zod`)
 * or a folder of ours (`functions/db`, `shared/schemas`), so that one line of the summary is one
 * thing one could change.
 */
export function groupOf(source: string, root = ROOT): string {
  const inPackage = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage) return inPackage[1]!;
  const ours = path.relative(root, source).split(path.sep);
  return ours.slice(0, Math.min(2, ours.length - 1) || 1).join('/');
}

/**
 * A profile's self time by source: frames of the bundle through its source map (`bundleUrl` is the
 * bundle's file URL), Node's own modules by name (node:internal/streams/writable), V8's native work (parsing the bundle, the
 * garbage collector) by its name. Samples before `importedAtUs` (the probe's mark, on the profile's
 * clock) are the import's, the rest the first request's; idle time counts in neither.
 */
export function splitProfile(
  profile: CpuProfile,
  importedAtUs: number,
  bundleUrl: string,
  sourceAt: (line: number, column: number) => string | undefined,
): ProfileSplit {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const split: ProfileSplit = { import: new Map(), request: new Map() };
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += profile.timeDeltas[i]!;
    const frame = frames.get(profile.samples[i]!);
    if (!frame || frame.functionName === '(idle)') continue;
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (ms === 0) continue;
    const source =
      frame.url === bundleUrl
        ? groupOf(sourceAt(frame.lineNumber, frame.columnNumber) ?? '(bundle, unmapped: esbuild’s module wrappers)')
        : frame.url.startsWith('node:')
          ? frame.url
          : frame.url === ''
            ? `(V8: ${frame.functionName || 'native'})`
            : '(other scripts: the probe)';
    const into = at < importedAtUs ? split.import : split.request;
    into.set(source, (into.get(source) ?? 0) + ms);
  }
  return split;
}

/**
 * Looks positions of a bundle up in its source map (profile positions are 0-based, the map's lines
 * 1-based); answers the source's absolute path (the map names it from the bundle's folder).
 */
export function sourceMapLookup(sourceMap: string, bundleDir: string): (line: number, column: number) => string | undefined {
  const consumer = new SourceMapConsumer(JSON.parse(sourceMap));
  const cache = new Map<string, string | undefined>();
  return (line, column) => {
    const key = `${line}:${column}`;
    if (!cache.has(key)) {
      const source = consumer.originalPositionFor({ line: line + 1, column }).source;
      cache.set(key, source ? path.resolve(bundleDir, source) : undefined);
    }
    return cache.get(key);
  };
}

/** The mean over several profiles of one handler (`<name>.<i>.cpuprofile` with the probe's `.marks.json` beside each). */
export async function summarizeProfiles(dir: string, name: string, bundle: string): Promise<ProfileSplit & { profiles: number }> {
  const sourceAt = sourceMapLookup(await readFile(`${bundle}.map`, 'utf8'), path.dirname(bundle));
  const bundleUrl = pathToFileURL(path.resolve(bundle)).href;
  const files = (await readdir(dir)).filter((file) => file.startsWith(`${name}.`) && file.endsWith('.cpuprofile'));
  const total: ProfileSplit = { import: new Map(), request: new Map() };
  for (const file of files) {
    const profile = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as CpuProfile;
    const { importedAtUs } = JSON.parse(await readFile(path.join(dir, `${file}.marks.json`), 'utf8')) as { importedAtUs: number };
    const split = splitProfile(profile, importedAtUs, bundleUrl, sourceAt);
    for (const phase of ['import', 'request'] as const)
      for (const [source, ms] of split[phase]) total[phase].set(source, (total[phase].get(source) ?? 0) + ms);
  }
  for (const phase of ['import', 'request'] as const)
    for (const [source, ms] of total[phase]) total[phase].set(source, ms / Math.max(files.length, 1));
  return { ...total, profiles: files.length };
}

/**
 * A markdown table of one phase: per source the handler's ms, the reference's and the difference,
 * the largest differences (either way) first; `top` rows, then the rest summed. Profiled processes run slower than
 * timed ones (sampling every 0.1 ms): read the shares, not the absolute figures.
 */
export function comparisonTable(handler: Map<string, number>, reference: Map<string, number>, top = 12): string {
  const sources = [...new Set([...handler.keys(), ...reference.keys()])];
  const rows = sources
    .map((source) => ({ source, own: handler.get(source) ?? 0, reference: reference.get(source) ?? 0 }))
    .sort((a, b) => Math.abs(b.own - b.reference) - Math.abs(a.own - a.reference));
  const sum = (list: typeof rows, pick: (row: (typeof rows)[number]) => number) =>
    list.reduce((total, row) => total + pick(row), 0);
  const line = (source: string, own: number, ref: number) =>
    `| ${source} | ${round1(own)} | ${round1(ref)} | ${round1(own - ref)} |`;
  const rest = rows.slice(top);
  return [
    '| source | handler ms | reference ms | difference ms |',
    '|---|---|---|---|',
    ...rows.slice(0, top).map((row) => line(row.source, row.own, row.reference)),
    ...(rest.length
      ? [
          line(
            `(${rest.length} more)`,
            sum(rest, (row) => row.own),
            sum(rest, (row) => row.reference),
          ),
        ]
      : []),
    line(
      '**total**',
      sum(rows, (row) => row.own),
      sum(rows, (row) => row.reference),
    ),
  ].join('\n');
}
