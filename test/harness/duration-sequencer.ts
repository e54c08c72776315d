import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Splits the integration files between `--shard` runs by how long each took in a recent run
 * (test/harness/durations.json, refreshed by `npm run test:durations`), longest first onto the
 * shard with least so far: vitest's own split is by a hash of the path, which left one shard 595 s
 * and the other 320 s. A file not listed yet counts as the median of those listed.
 */
export default class DurationSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shard, root } = this.ctx.config;
    if (!shard) return files;
    const durations = readDurations(path.join(root, DURATIONS_FILE));
    const known = Object.values(durations).sort((a, b) => a - b);
    const median = known[Math.floor(known.length / 2)] ?? 1;
    const seconds = (file: TestSpecification) => durations[path.relative(root, file.moduleId)] ?? median;
    const ordered = [...files].sort((a, b) => seconds(b) - seconds(a) || a.moduleId.localeCompare(b.moduleId));
    const loads = new Array<number>(shard.count).fill(0);
    const mine: TestSpecification[] = [];
    for (const file of ordered) {
      const lightest = loads.indexOf(Math.min(...loads));
      loads[lightest] = (loads[lightest] ?? 0) + seconds(file);
      if (lightest === shard.index - 1) mine.push(file);
    }
    return mine;
  }
}

export const DURATIONS_FILE = 'test/harness/durations.json';

function readDurations(file: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}
