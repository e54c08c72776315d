import * as client from 'openid-client';
import { isLocalStage } from '../config';
import { outboundFetch } from '../security/outbound-fetch';
import { emailVerifiedClaim } from './email-verified-claim';

/**
 * OpenID Connect with openid-client (a certified relying party): discovery, the authorization code
 * flow with PKCE (S256), state and nonce, and the ID token's checks (signature, issuer, audience,
 * expiry, nonce) done by the library, never by hand (docs/decisions/044).
 */

/** Plain http only on this machine (the local identity provider); every stage in the cloud needs https. */
const insecureAllowed = isLocalStage;

/**
 * The identity provider's configuration, read from its discovery document. Every request of the
 * configuration (discovery, its keys, the token and userinfo endpoints, all at URLs the admin or the
 * discovery document gave) goes through the outbound-fetch guard (docs/decisions/096).
 */
export function discover(issuer: string, clientId: string, clientSecret?: string): Promise<client.Configuration> {
  return client.discovery(new URL(issuer), clientId, clientSecret, undefined, {
    ...(insecureAllowed() ? { execute: [client.allowInsecureRequests] } : {}),
    [client.customFetch]: (url, options) => outboundFetch(url, options),
    timeout: 5,
  });
}

/** One sign-in's secrets, kept by the browser's own pending-sign-in cookie until the callback. */
export interface OidcAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationUrl(
  config: client.Configuration,
  redirectUri: string,
  loginHint: string | undefined,
): Promise<{ url: string; attempt: OidcAttempt }> {
  const attempt = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
    code_challenge_method: 'S256',
    state: attempt.state,
    nonce: attempt.nonce,
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
  return { url: url.href, attempt };
}

/** What the identity provider says of the person. */
export interface OidcPerson {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

/**
 * Exchanges the code (with the PKCE verifier) and checks the state, the ID token and its nonce;
 * the email and name come from the ID token or, when it leaves them out, from the userinfo endpoint.
 * Throws on any failed check.
 */
export async function finishAuthorization(
  config: client.Configuration,
  callbackUrl: URL,
  attempt: OidcAttempt,
): Promise<OidcPerson> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: attempt.codeVerifier,
    expectedState: attempt.state,
    expectedNonce: attempt.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('No ID token');
  const claims: Record<string, unknown> =
    typeof idClaims.email === 'string'
      ? idClaims
      : { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
  return {
    subject: idClaims.sub,
    email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined,
    emailVerified: emailVerifiedClaim(claims.email_verified),
    name: typeof claims.name === 'string' ? claims.name : undefined,
  };
}
