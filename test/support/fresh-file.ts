import { vi } from 'vitest';

/**
 * The integration files share their test process (`isolate: false`): no new Node, vitest runtime and AWS SDK
 * for each of them. Each file still starts as it did in a process of its own: with the environment the process
 * started with (some files change it to run handlers in the test process) and with its own copy of our
 * modules, loaded after that (packages under node_modules stay loaded: that is the saving).
 */
const state = globalThis as { growthwiseInitialEnvironment?: NodeJS.ProcessEnv };
const initial = (state.growthwiseInitialEnvironment ??= { ...process.env });
for (const name of Object.keys(process.env)) if (!(name in initial)) delete process.env[name];
Object.assign(process.env, initial);
vi.resetModules();
