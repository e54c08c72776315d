import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import DurationSequencer from './test/harness/duration-sequencer.ts';
import { webAliases } from './web/build/aliases.ts';

/**
 * All vitest suites, as projects: unit (node), web (jsdom), integration (the API through the
 * local emulator against DynamoDB Local), infra (CDK template assertions).
 */
export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    // .ci/run runs one project at a time, each into its own report (--outputFile.json=...).
    outputFile: { json: 'reports/vitest.json' },
    // Only `--shard` asks it anything: it splits the integration files by duration.
    sequence: { sequencer: DurationSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // The integration suite's global setup shifts the functions' clock in this process's
          // environment, which every worker inherits; unit tests go by the real time.
          env: { GROWTHWISE_CLOCK_OFFSET_MS: '0' },
          include: [
            'shared/**/*.test.ts',
            'functions/**/*.test.ts',
            'infra/**/*.test.ts',
            'test/unit/**/*.test.ts',
            'test/harness/**/*.test.ts',
          ],
          // As the integration files: one process for all files, each with the environment it started with and
          // its own copy of our modules (test/support/fresh-file.ts). Half the CPU of a process a file (decision 089).
          isolate: false,
          setupFiles: ['test/support/fresh-file.ts'],
        },
      },
      {
        plugins: [react()],
        resolve: { alias: webAliases },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test-setup.ts'],
          // Components and hooks keep no module state between files, and testing-library cleans the
          // DOM after each test: one module graph for all files (27 s → 7 s on 2 cores).
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/support/global-setup.ts'],
          // One test process for all files, each file with the environment it started with and fresh copies of
          // our modules (test/support/fresh-file.ts): 1.2 core-s a file less than a process each (docs/performance.md).
          isolate: false,
          setupFiles: ['test/support/fresh-file.ts'],
          // The cloud's handler bundles load as Lambda loads them, natively: through vite's transform each
          // one read every source its map names (hundreds), and the route fuzz's first calls of about 100
          // handlers at once had the process at its 20,000 open files (EMFILE, a 500 from the emulator).
          server: { deps: { external: [/\/growthwise-functions-[^/]+\//] } },
          // One file at a time per cloud: two files on one cloud lost an invitation mail and a lookup
          // burst's throttle reads (docs/decisions/036), and two clouds in one process share the
          // environment their handlers read. `npm test` runs two of these processes instead, each
          // with a cloud of its own and half the files (--shard, split by duration).
          maxWorkers: 1,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          environment: 'node',
          include: ['test/infra/**/*.test.ts'],
          setupFiles: ['test/harness/profile-syntheses.ts'],
          testTimeout: 120_000,
          // aws-cdk-lib loads once and synthStage's cache serves every file, not one file each
          // (95 s → 39 s on 2 cores); the tests only read templates.
          isolate: false,
        },
      },
      {
        test: {
          // `npm run test:bench`: the whole bench at its least size, end to end (bench/bench-runs-whole.test.ts).
          // Not part of `npm test`: it starts clouds, Chromium and Lighthouse of its own and took 18 minutes
          // beside other work on 2 cores, more than the rest of an integration half.
          name: 'bench',
          environment: 'node',
          include: ['bench/**/*.test.ts'],
        },
      },
    ],
  },
});
