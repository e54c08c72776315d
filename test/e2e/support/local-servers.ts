import { DEFAULT_LOCAL_TABLE_NAME } from '../../../functions/db/table-definition';

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
  return {
    port: port + 5,
    issuer: `http://127.0.0.1:${port + 5}`,
    clientId: 'growthwise-local',
    clientSecret: 'e2e-local-client-secret',
    redirectUri: `http://localhost:${port}/api/sso/oidc/callback`,
  };
};

/** The run's DynamoDB Local (in memory) and the app's table: specs seed data the API would take minutes to make (support/big-organization.ts). */
export const e2eDatabase = () => {
  const port = Number(process.env.E2E_PORT) + 6;
  return { port, endpoint: `http://127.0.0.1:${port}`, tableName: DEFAULT_LOCAL_TABLE_NAME };
};
