import { e2eDnsPorts, e2eIdp } from '../e2e/support/local-servers';
import { startLocalDns } from './local-dns';
import { startLocalOidcProvider } from './local-oidc-provider';

/**
 * Playwright's global setup (apart from test/e2e, whose type-check does not know dns2's declarations):
 * once per end-to-end run, in the runner's process: the local DNS server the app's TXT lookups go to
 * (playwright.config.ts points the app at it with DNS_SERVERS), and the local OpenID Connect
 * identity provider the SSO spec connects, on ports chosen from the run's port.
 */
export default async function globalSetup() {
  const idpSettings = e2eIdp();
  const [dns, idp] = await Promise.all([
    startLocalDns(e2eDnsPorts()),
    startLocalOidcProvider({
      port: idpSettings.port,
      redirectUris: [idpSettings.redirectUri],
      clientSecret: idpSettings.clientSecret,
    }),
  ]);
  return async () => {
    await Promise.all([dns.stop(), idp.stop()]);
  };
}
