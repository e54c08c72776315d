import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiScaleResults } from './api-scale';
import type { BenchResults } from './results';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The bench's own environment: this worker's holds the suite's cloud settings (its table, its shifted
 * clock, bcrypt's least cost), which the bench's clouds must not inherit. A person's shell has none of them.
 */
const BENCH_ENV = Object.fromEntries(
  Object.entries(process.env).filter(([name]) =>
    ['PATH', 'HOME', 'USER', 'LANG', 'LC_ALL', 'TMPDIR', 'TERM', 'JAVA_HOME', 'CHROME_PATH'].includes(name),
  ),
);

/** `npm run bench -- <args>`; answers its exit code and everything it printed. */
function runBench(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'bench', '--', ...args], { cwd: ROOT, env: BENCH_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * `npm run bench` stopped in its cold starts on the product's own failed-proof limit, and `--quick`'s
 * load phase measured 1,915 refused requests of 2,477: its clients shared one address. `--tiny` sets
 * every phase up as a full run does (bench/bench-size.ts) and measures each about once; a phase the
 * product refuses stops it with a sentence (bench/set-up-checks.ts), so a set-up that breaks fails here.
 */
describe('npm run bench -- --tiny', () => {
  const out = mkdtemp(path.join(os.tmpdir(), 'growthwise-bench-test-'));
  afterAll(async () => rm(await out, { recursive: true, force: true }));

  // A guard against a hung bench, not a speed check: beside other work on 2 cores `--tiny` took 10 minutes.
  it('runs every phase to its end, each set up within the product limits and measured', { timeout: 1_200_000 }, async () => {
    const { code, output } = await runBench(['--tiny', '--out', await out]);
    // The bench's last lines say which phase failed and why.
    expect(
      code,
      output
        .split('\n')
        .filter((line) => !line.startsWith('{"_aws'))
        .slice(-40)
        .join('\n'),
    ).toBe(0);

    const results = JSON.parse(await readFile(path.join(await out, 'latest.json'), 'utf8')) as BenchResults;
    expect(results.mode).toBe('tiny');
    expect(results.api.map((route) => route.samples > 0)).toEqual(results.api.map(() => true));
    expect(results.scale).toHaveLength(6);
    expect(results.mail.delaySamples).toBeGreaterThan(0);
    expect(results.coldStart.figures.length).toBeGreaterThan(10);
    expect(results.coldStart.figures.find((figure) => figure.handler === 'mfa/setup-mfa')?.status).toBe('200');
    expect(results.web.lighthouse.length).toBeGreaterThan(0);
    expect(results.browser[0]?.firstRowsMs.length).toBeGreaterThan(0);
    expect(results.writeContention?.changes).toBeGreaterThan(0);
    // Every client made its round; what failed, failed busy (503s on an overloaded machine), never refused.
    expect(results.load.byKind.pollCount).toBeGreaterThanOrEqual(3 * results.load.clients);
    expect(results.load.errorSamples.filter((sample) => !sample.endsWith(': 503'))).toEqual([]);

    const scale = JSON.parse(await readFile(path.join(await out, 'api-scale.json'), 'utf8')) as ApiScaleResults;
    expect(scale.figures.length).toBeGreaterThan(0);
    expect(scale.browser?.firstRowsMs.length).toBeGreaterThan(0);
  });
});
