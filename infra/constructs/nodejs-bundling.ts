import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { HANDLER_BUNDLING, HANDLER_ESBUILD_ARGS } from '../bundling';

/** NodejsFunction's bundling for every function of the stack: the handler settings (infra/bundling.ts) in its terms. */
export const NODEJS_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: HANDLER_BUNDLING.target,
  minify: false,
  sourceMap: HANDLER_BUNDLING.sourcemap,
  sourcesContent: HANDLER_BUNDLING.sourcesContent,
  mainFields: [...HANDLER_BUNDLING.mainFields],
  banner: HANDLER_BUNDLING.banner,
  externalModules: [...HANDLER_BUNDLING.external],
  esbuildArgs: HANDLER_ESBUILD_ARGS,
};
