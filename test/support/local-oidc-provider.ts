import { randomBytes } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import Provider from 'oidc-provider';

/**
 * A local OpenID Connect identity provider: oidc-provider, the maintained certified implementation,
 * with its development sign-in screens. Whoever signs in there is the person whose email they type
 * (any password): the IdP vouches for that address as a company's IdP vouches for its staff, so a
 * test or a newcomer can be anyone at a domain without an account anywhere.
 */
export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop: () => Promise<void>;
}

/** A readable name from an address: 'ana.lima@acme.test' → 'Ana Lima'. */
const nameOf = (email: string) =>
  email
    .split('@')[0]!
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ');

export async function startLocalOidcProvider(options: {
  port: number;
  redirectUris: string[];
  clientSecret?: string;
}): Promise<LocalOidcProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const clientId = 'growthwise-local';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The development sign-in and consent screens: a login field that takes any address.
    features: { devInteractions: { enabled: true } },
    // Set, so the provider does not remind every run that its defaults are for development.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, name: nameOf(id) }),
    }),
  });
  // The development screens are insecure by design; its warnings would only repeat that in every log.
  provider.on('server_error', () => {});
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
