/**
 * The end-to-end run's local servers beside the app: the DNS server: its UDP port (the app's DNS_SERVERS) and its control port
 * (where a spec publishes TXT records), beside the run's app and mail ports (playwright.config.ts).
 */
export const e2eDnsPorts = () => {
  const port = Number(process.env.E2E_PORT);
  return { dns: port + 3, control: port + 4 };
};

export const e2eDnsControlUrl = () => `http://127.0.0.1:${e2eDnsPorts().control}`;

/** The run's local OpenID Connect identity provider (test/support/local-oidc-provider.ts), as an admin types it in. */
export const e2eIdp = () => {
  const port = Number(process.env.E2E_PORT);
  return { port: port + 5, issuer: `http://127.0.0.1:${port + 5}`, clientId: 'growthwise-local', clientSecret: 'e2e-local-client-secret', redirectUri: `http://localhost:${port}/api/sso/oidc/callback` };
};
