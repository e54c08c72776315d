/**
 * The esbuild settings every handler is bundled with, in the cloud (NodejsFunction) and locally
 * (the emulator and the tests): one definition, so what runs here is what runs in Lambda.
 */
export const HANDLER_BUNDLING = {
  format: 'esm',
  platform: 'node',
  /** Lambda runs Node.js 22; node20 keeps the same bundle runnable by the local Node 20. */
  target: 'node20',
  minify: true,
  sourcemap: true,
  mainFields: ['module', 'main'],
  /** ESM bundles need `require` for the CommonJS parts of the AWS SDK. */
  banner: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  /** Everything is bundled (SDK included): smaller cold starts than the runtime's SDK, and a pinned version. */
  external: [] as string[],
} as const;
