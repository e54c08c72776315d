/**
 * Stands in for `@aws-sdk/token-providers` in the handler bundles (infra/bundling.ts aliases it here).
 * Bedrock Runtime's client can also sign with a bearer token (a Bedrock API key, found through SSO's
 * token chain): ours sign with the function role's credentials only (SigV4), and that chain would
 * bundle an SSO-OIDC client into the model routes (docs/decisions/116). Asked for a token, there is none.
 */
const noToken = () => async (): Promise<never> => {
  throw Object.assign(new Error('No bearer token: the functions sign with their role (SigV4)'), {
    name: 'TokenProviderError',
    tryNextLink: false,
  });
};

export const fromEnvSigningName = (_init?: unknown) => noToken();
export const nodeProvider = (_init?: unknown) => noToken();
