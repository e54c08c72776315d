import path from 'node:path';
import { OPENAPI_DOCUMENT_FILE, OPENAPI_DOCUMENT_MODULE } from './openapi/document-file';

const FUNCTIONS_DIR = path.resolve(import.meta.dirname, '../functions');

/**
 * The esbuild settings every handler is bundled with, in the cloud (NodejsFunction) and locally
 * (the emulator and the tests): one definition, so what runs here is what runs in Lambda.
 */
export const HANDLER_BUNDLING = {
  format: 'esm',
  platform: 'node',
  /** Lambda runs Node.js 22; node20 keeps the same bundle runnable by the local Node 20. */
  target: 'node20',
  /**
   * Fully minified: a 500's log line maps its stack through the shipped source map when it is
   * written (functions/observability/source-mapped-stack.ts), so identifiers need not be kept for
   * readable traces, and nothing loads the map at start-up (docs/decisions/012, 021).
   */
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: true,
  /** Shipped beside the bundle; read only when an error is logged, never at start-up. */
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  /** ESM bundles need `require` for the CommonJS parts of the AWS SDK. */
  banner: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  /** Everything is bundled (SDK included): smaller cold starts than the runtime's SDK, and a pinned version. */
  external: [] as string[],
  alias: {
    /** The SDK's default credential chain, replaced by its environment step alone (functions/aws/environment-credentials.ts). */
    '@aws-sdk/credential-provider-node': path.join(FUNCTIONS_DIR, 'aws', 'environment-credentials.ts'),
    /** Bedrock Runtime's bearer-token chain (SSO's), never used: the model routes sign with their role (functions/aws/no-bearer-token.ts). */
    '@aws-sdk/token-providers': path.join(FUNCTIONS_DIR, 'aws', 'no-bearer-token.ts'),
    /** The OpenAPI document the build generated from the contract (infra/openapi/): bundled as JSON, no zod in the handler. */
    [OPENAPI_DOCUMENT_MODULE]: OPENAPI_DOCUMENT_FILE,
  } as Record<string, string>,
} as const;

/** The esbuild CLI flags NodejsFunction has no property for (its `minify` is all or nothing). */
export const HANDLER_ESBUILD_ARGS = {
  '--minify-whitespace': HANDLER_BUNDLING.minifyWhitespace,
  '--minify-syntax': HANDLER_BUNDLING.minifySyntax,
  '--minify-identifiers': HANDLER_BUNDLING.minifyIdentifiers,
  '--alias': Object.entries(HANDLER_BUNDLING.alias).map(([from, to]) => `${from}=${to}`),
};
