import { Resolver } from 'node:dns/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { SSO_DEMO_DOMAIN, startSsoDemo } from './sso-demo';

describe('npm start -- --sso-demo', () => {
  const previousDnsServers = process.env.DNS_SERVERS;
  afterAll(() => {
    if (previousDnsServers === undefined) delete process.env.DNS_SERVERS;
    else process.env.DNS_SERVERS = previousDnsServers;
  });

  it('runs an identity provider and a DNS server that the printed steps work against', async () => {
    const demo = await startSsoDemo(['http://localhost:3999']);
    try {
      const lines = demo.instructions('http://localhost:3999');
      const issuer = /local identity provider at (http:\/\/127\.0\.0\.1:\d+)/.exec(lines[0]!)?.[1];
      const discovery = await fetch(`${issuer}/.well-known/openid-configuration`);
      expect(discovery.status).toBe(200);
      expect(((await discovery.json()) as { issuer: string }).issuer).toBe(issuer);
      expect(lines.join('\n')).toContain(`Issuer URL ${issuer}, Client ID growthwise-local, Client secret `);

      // Step 2's command, as a newcomer would run it, then the lookup the functions make (DNS_SERVERS now points there).
      const publish = /curl -X PUT (\S+) -d/.exec(lines.join('\n'))![1]!;
      expect(
        (await fetch(publish, { method: 'PUT', body: JSON.stringify(['growthwise-domain-verification=demo']) })).status,
      ).toBe(204);
      const resolver = new Resolver();
      resolver.setServers(process.env.DNS_SERVERS!.split(','));
      expect(await resolver.resolveTxt(`_growthwise-verification.${SSO_DEMO_DOMAIN}`)).toEqual([
        ['growthwise-domain-verification=demo'],
      ]);
    } finally {
      await demo.stop();
    }
  });
});
