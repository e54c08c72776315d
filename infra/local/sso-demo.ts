import { randomBytes } from 'node:crypto';

/**
 * `npm start -- --sso-demo` (issue 40, item 6): the tests' local OpenID Connect identity provider and
 * local DNS server beside the app, so a newcomer can click through single sign-on without an account
 * anywhere. Nothing is configured for them: they verify the demo domain and connect the provider as an
 * admin would, with the steps printed. Only this local process is pointed at the local DNS server.
 */

/** The demo's domain: .test is reserved for testing (RFC 2606), so it is nobody's real domain. */
export const SSO_DEMO_DOMAIN = 'demo.test';
/** Whom to try: the local provider lets anyone sign in as any address, these included. */
export const SSO_DEMO_PEOPLE = ['ana.lima@demo.test', 'grace.hopper@demo.test', 'alan.turing@demo.test'];

export interface SsoDemo {
  /** What `npm start` prints beside the inbox line. */
  instructions: (siteUrl: string) => string[];
  stop: () => Promise<void>;
}

/** Starts both servers on free ports and points this process's DNS lookups (the functions') at the local one. */
export async function startSsoDemo(siteOrigins: string[]): Promise<SsoDemo> {
  const [{ startLocalDns }, { startLocalOidcProvider }, { freePort }] = await Promise.all([
    import('../../test/support/local-dns'),
    import('../../test/support/local-oidc-provider'),
    import('./free-port'),
  ]);
  const dns = await startLocalDns();
  process.env.DNS_SERVERS = dns.servers;
  const clientSecret = randomBytes(18).toString('base64url');
  const idp = await startLocalOidcProvider({
    port: await freePort(),
    redirectUris: siteOrigins.map((origin) => `${origin}/api/sso/oidc/callback`),
    clientSecret,
  });
  const txtName = `_growthwise-verification.${SSO_DEMO_DOMAIN}`;
  return {
    instructions: (siteUrl) => [
      `SSO demo: a local identity provider at ${idp.issuer} (anyone signs in there as any address, e.g. ${SSO_DEMO_PEOPLE.join(', ')}) and a local DNS server for ${SSO_DEMO_DOMAIN}:`,
      `  1. Sign in as an admin at ${siteUrl}/auth (register one first if needed), open Account Settings → Single sign-on and add the domain ${SSO_DEMO_DOMAIN}.`,
      `  2. Publish the TXT value it shows on the local DNS server, then press Verify:`,
      `     curl -X PUT ${dns.controlUrl}/txt/${txtName} -d '["<the growthwise-domain-verification=… value>"]'`,
      `  3. Under Identity provider: Issuer URL ${idp.issuer}, Client ID ${idp.clientId}, Client secret ${idp.clientSecret}; Save identity provider.`,
      `  4. In a private window, on ${siteUrl}/auth choose 'Sign in with SSO' and enter ${SSO_DEMO_PEOPLE[0]}. 'Require single sign-on' then makes it the only way in for ${SSO_DEMO_DOMAIN}.`,
    ],
    stop: async () => {
      await Promise.all([idp.stop(), dns.stop()]);
    },
  };
}
