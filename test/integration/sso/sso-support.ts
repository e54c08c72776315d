import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import { publishTxt } from '../../support/local-dns-records';
import { type SignedIn, registerOrganization, request } from '../support/api';
import { CLIENT_ADDRESS_HEADER, randomClientAddress } from '../support/client-address';
import { stepUp } from '../support/two-factor';

/** A domain nobody else in the run uses (the .test top-level domain is reserved for tests, RFC 2606). */
export const uniqueDomain = (label = 'corp') => `${label}-${randomUUID().slice(0, 8)}.test`;

/** Publishes TXT records at a name on the run's local DNS server, as an admin would at their DNS host. */
export const publishRecord = (name: string, values: string[] | { rcode: number }) =>
  publishTxt(inject('dnsControlUrl'), name, values);

/** The run's local identity provider as an admin types it into the connection form. */
export const localIdp = () => ({
  protocol: 'oidc' as const,
  issuer: inject('oidcIssuer'),
  clientId: inject('oidcClientId'),
  clientSecret: inject('oidcClientSecret'),
});

/** An admin's domain added and verified through the API (the admin stepped up). */
export async function verifyDomain(admin: SignedIn, domain: string) {
  await stepUp(admin);
  const added = await admin.call('/api/organization/sso/domains', { body: { domain } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  await publishRecord(added.body.txtName, [added.body.txtValue]);
  expect((await admin.call(`/api/organization/sso/domains/${domain}/verify`, { method: 'POST' })).status).toBe(200);
}

/** An organization with a verified domain connected to the local identity provider. */
export async function ssoOrganization(connection: Partial<ReturnType<typeof localIdp>> & { jitRole?: 'admin' | 'staff' } = {}) {
  const admin = await registerOrganization();
  const domain = uniqueDomain();
  await verifyDomain(admin, domain);
  const saved = await admin.call('/api/organization/sso', { method: 'PUT', body: { ...localIdp(), ...connection } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { admin, domain };
}

/** Cookies of one party (the browser, or the browser at the identity provider), as `name=value` pairs. */
class CookieJar {
  private readonly values = new Map<string, string>();
  take(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      if (/max-age=0/i.test(cookie)) this.values.delete(name);
      else this.values.set(name, pair!.slice(at + 1));
    }
  }
  /** `name=value` pairs as a Cookie header carries them. */
  add(header: string) {
    for (const pair of header.split('; ')) this.values.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
  get header() {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  has(name: string) {
    return this.values.has(name);
  }
}

/** A browser: its cookies for the app, its address, and its cookies at the identity provider. */
export class Browser {
  readonly app = new CookieJar();
  private readonly idp = new CookieJar();
  private readonly address = randomClientAddress();

  /** POST /api/sso/start with a work email (and the deep link of /auth?next=…), as the /auth page's 'Sign in with SSO' does. */
  async start(email: string, returnTo?: string) {
    const response = await request('/api/sso/start', {
      body: { email, returnTo },
      clientAddress: this.address,
      cookie: this.app.header,
    });
    for (const cookie of response.headers.getSetCookie())
      this.app.take(new Response(null, { headers: [['set-cookie', cookie]] }));
    return response;
  }

  /**
   * Signs in at the local identity provider (its development screens: any password) as `email`,
   * consents, and answers the URL it sends the browser back to, without following it.
   */
  async signInAtIdp(redirectUrl: string, email: string): Promise<URL> {
    let next = redirectUrl;
    for (let step = 0; step < 10; step += 1) {
      if (next.startsWith(inject('apiUrl'))) return new URL(next);
      const page = await this.idpFetch(next);
      if (page.status === 200) {
        const html = await page.text();
        const action = /action="([^"]+)"/.exec(html)?.[1];
        const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
        if (!action || !prompt) throw new Error(`Unexpected identity provider page: ${html.slice(0, 300)}`);
        const body = new URLSearchParams(prompt === 'login' ? { prompt, login: email, password: 'any' } : { prompt });
        const submitted = await this.idpFetch(action, {
          method: 'POST',
          body: body.toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        next = new URL(submitted.headers.get('location')!, action).href;
      } else {
        next = new URL(page.headers.get('location')!, next).href;
      }
    }
    throw new Error('The identity provider did not send the browser back');
  }

  /** The browser following the identity provider's redirect back to the app (not followed further). */
  async callback(url: URL | string): Promise<Response> {
    const target = typeof url === 'string' ? `${inject('apiUrl')}${url}` : url.href;
    const response = await fetch(target, {
      redirect: 'manual',
      headers: { cookie: this.app.header, [CLIENT_ADDRESS_HEADER]: this.address },
    });
    this.app.take(response);
    return response;
  }

  /** Start, then sign in at the identity provider (as `asAtIdp`): the URL it sends the browser back to, not followed yet. */
  async returnUrlFor(email: string, asAtIdp = email): Promise<URL> {
    const started = await this.start(email);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return this.signInAtIdp(started.body.redirectUrl, asAtIdp);
  }

  /** The whole way: start, sign in at the identity provider, come back. */
  async signInWithSso(email: string, asAtIdp = email): Promise<Response> {
    return this.callback(await this.returnUrlFor(email, asAtIdp));
  }

  /**
   * The browser posting a SAML identity provider's auto-submitted form to the ACS: a cross-site
   * form POST, as it comes from the IdP's page (not followed further).
   */
  async postSamlResponse(samlResponse: string, cookieHeader = this.app.header): Promise<Response> {
    const response = await fetch(`${inject('apiUrl')}/api/sso/saml/acs`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
        origin: 'https://idp.example.test',
        cookie: cookieHeader,
        [CLIENT_ADDRESS_HEADER]: this.address,
      },
    });
    this.app.take(response);
    return response;
  }

  /** A request to the API with this browser's cookies. */
  call(path: string) {
    return request(path, { cookie: this.app.header, clientAddress: this.address });
  }

  /** The browser of a signed-in person (their session cookie). */
  static of(person: SignedIn): Browser {
    const browser = new Browser();
    browser.app.add(person.cookie);
    return browser;
  }

  /** POST /api/organization/sso/test, as the Single sign-on tab's 'Test connection' does. */
  async startTest() {
    const response = await request('/api/organization/sso/test', {
      method: 'POST',
      clientAddress: this.address,
      cookie: this.app.header,
    });
    this.app.take(
      new Response(null, {
        headers: response.headers.getSetCookie().map((cookie) => ['set-cookie', cookie] as [string, string]),
      }),
    );
    return response;
  }

  private async idpFetch(url: string, init: RequestInit = {}) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.idp.header },
    });
    this.idp.take(response);
    return response;
  }
}
