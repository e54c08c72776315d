import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SourceMapGenerator } from 'source-map-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CpuProfile, comparisonTable, groupOf, summarizeProfiles } from '../../bench/profile-summary';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('where a profiled cold start spent its CPU', () => {
  let dir: string;
  let bundle: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'profile-summary-'));
    bundle = path.join(dir, 'organization-remove-user', 'index.mjs');
    // A bundle of one line: columns 0–9 come from the SDK, 10– from our keys module (named from the bundle's folder, as esbuild does).
    const map = new SourceMapGenerator({ file: 'index.mjs' });
    const from = (absolute: string) => path.relative(path.dirname(bundle), absolute);
    map.addMapping({
      generated: { line: 1, column: 0 },
      original: { line: 1, column: 0 },
      source: from(path.join(ROOT, 'node_modules/@smithy/core/dist-es/index.js')),
    });
    map.addMapping({
      generated: { line: 1, column: 10 },
      original: { line: 1, column: 0 },
      source: from(path.join(ROOT, 'functions/db/keys.ts')),
    });
    await mkdir(path.dirname(bundle));
    await writeFile(`${bundle}.map`, map.toString());
    const url = pathToFileURL(bundle).href;
    const frame = (id: number, functionName: string, frameUrl: string, columnNumber = 0) => ({
      id,
      callFrame: { functionName, url: frameUrl, lineNumber: 0, columnNumber },
    });
    // Samples 1 ms apart from t = 0; the import ends at 3 ms (the probe's mark).
    const profile = (samples: number[]): CpuProfile => ({
      nodes: [
        frame(1, '(root)', ''),
        frame(2, 'send', url, 2),
        frame(3, 'keysOf', url, 12),
        frame(4, 'emit', 'node:events'),
        frame(5, '(garbage collector)', ''),
        frame(6, '(idle)', ''),
      ],
      startTime: 0,
      samples,
      timeDeltas: samples.map((_, index) => (index === 0 ? 0 : 1000)),
    });
    await writeFile(path.join(dir, 'organization-remove-user.0.cpuprofile'), JSON.stringify(profile([2, 3, 5, 2, 4, 6, 3, 1])));
    await writeFile(path.join(dir, 'organization-remove-user.0.cpuprofile.marks.json'), JSON.stringify({ importedAtUs: 3000 }));
    await writeFile(path.join(dir, 'organization-remove-user.1.cpuprofile'), JSON.stringify(profile([2, 2, 2, 2, 2, 2, 2, 1])));
    await writeFile(path.join(dir, 'organization-remove-user.1.cpuprofile.marks.json'), JSON.stringify({ importedAtUs: 3000 }));
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('names a source by its package, or by its folder of ours', () => {
    expect(groupOf(path.join(ROOT, 'node_modules/@smithy/core/dist-es/submodules/schema/deref.js'))).toBe('@smithy/core');
    expect(groupOf(path.join(ROOT, 'node_modules/zod/v4/mini/schemas.js'))).toBe('zod');
    expect(groupOf(path.join(ROOT, 'functions/db/keys.ts'))).toBe('functions/db');
    expect(groupOf(path.join(ROOT, 'shared/messages.ts'))).toBe('shared');
  });

  it("splits the bundle's samples by source through its source map, the import's apart from the first request's, idle time in neither", async () => {
    const summary = await summarizeProfiles(dir, 'organization-remove-user', bundle);
    expect(summary.profiles).toBe(2);
    // Profile 0: import = samples at 0, 1, 2 ms (SDK, ours, GC); request = 3–6 ms (SDK, Node, idle, ours), the last sample has no time after it.
    // Profile 1: every sample is the SDK's: 3 ms of import, 4 of request. Means of the two:
    expect(Object.fromEntries(summary.import)).toEqual({
      '@smithy/core': 2,
      'functions/db': 0.5,
      '(V8: (garbage collector))': 0.5,
    });
    expect(Object.fromEntries(summary.request)).toEqual({ '@smithy/core': 2.5, 'node:events': 0.5, 'functions/db': 0.5 });
  });

  it('puts the largest differences with the reference first, either way, and sums the rest', () => {
    const table = comparisonTable(
      new Map([
        ['zod', 4.3],
        ['@smithy/core', 10],
        ['jose', 0.1],
      ]),
      new Map([
        ['@smithy/core', 16],
        ['(V8: (program))', 0.7],
      ]),
      2,
    );
    expect(table.split('\n').slice(2)).toEqual([
      '| @smithy/core | 10 | 16 | -6 |',
      '| zod | 4.3 | 0 | 4.3 |',
      '| (2 more) | 0.1 | 0.7 | -0.6 |',
      '| **total** | 14.4 | 16.7 | -2.3 |',
    ]);
  });
});
