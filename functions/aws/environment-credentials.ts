import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Stands in for `@aws-sdk/credential-provider-node` in the handler bundles (infra/bundling.ts
 * aliases it here). Lambda always hands a function its role's credentials in the environment,
 * so the rest of the default chain (SSO, profiles, IMDS, web identity, processes) is never
 * reached there, yet it is about 40 % of a bundle and 20–30 ms of every cold start
 * (docs/decisions/012). Locally the emulator and the tests set the same variables.
 */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
