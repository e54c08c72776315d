import * as ssoEndpoints from '@shared/contract/sso';
import type { SsoSettingsResponse } from '@shared/schemas/sso';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SsoConnectionCard } from './sso-connection-card';

const SP = {
  acsUrl: 'https://app.example/api/sso/saml/acs',
  entityId: 'https://app.example/sso/saml/01JQ0000000000000000000ORG',
  metadataXml: '<md:EntityDescriptor entityID="https://app.example/sso/saml/01JQ0000000000000000000ORG"/>',
};
const NOT_CONNECTED: SsoSettingsResponse = {
  connection: null,
  redirectUri: 'https://app.example/api/sso/oidc/callback',
  saml: SP,
};
const SAML_CONNECTED: SsoSettingsResponse = {
  ...NOT_CONNECTED,
  connection: {
    protocol: 'saml',
    idpEntityId: 'https://idp.acme.example/saml',
    ssoUrl: 'https://idp.acme.example/saml/sso',
    certificates: [{ subject: 'CN=Acme IdP', fingerprintSha256: 'AB:CD', expiresAt: '2027-06-30T00:00:00.000Z' }],
    jitRole: 'staff',
    updatedAt: '2026-11-01T00:00:00.000Z',
  },
};
const METADATA = '<md:EntityDescriptor entityID="https://idp.acme.example/saml">…</md:EntityDescriptor>';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The card, with the settings answered and each PUT answered by `save`. */
function renderCard(settings: SsoSettingsResponse, save: (body: unknown) => Response = () => json(settings)) {
  const puts: unknown[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname !== ssoEndpoints.settings.path) return new Promise(() => {});
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as unknown;
      puts.push(body);
      return save(body);
    }
    return json(settings);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SsoConnectionCard />
    </QueryClientProvider>,
  );
  return puts;
}

describe('Identity provider card: SAML 2.0', () => {
  beforeAll(() => {
    // Radix Select's list scrolls to the chosen option and captures the pointer: jsdom has neither.
    Element.prototype.scrollIntoView = () => undefined;
    Element.prototype.hasPointerCapture = () => false;
    Element.prototype.releasePointerCapture = () => undefined;
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers SAML 2.0 beside OpenID Connect and then shows what to enter at the IdP', async () => {
    renderCard(NOT_CONNECTED);
    const protocol = await screen.findByRole('combobox', { name: 'Protocol' });
    expect(protocol).toHaveTextContent('OpenID Connect');
    expect(screen.getByLabelText('Issuer URL')).toBeInTheDocument();
    await userEvent.click(protocol);
    await userEvent.click(await screen.findByRole('option', { name: 'SAML 2.0' }));
    expect(screen.getByLabelText('ACS URL')).toHaveValue(SP.acsUrl);
    expect(screen.getByLabelText('Entity ID')).toHaveValue(SP.entityId);
    expect(screen.getByLabelText('Service provider metadata')).toHaveValue(SP.metadataXml);
    expect(screen.getByRole('link', { name: 'download metadata' })).toHaveAttribute('download', 'growthwise-saml-metadata.xml');
    expect(screen.queryByLabelText('Issuer URL')).not.toBeInTheDocument();
  });

  it('opens a saved SAML connection on SAML, with the IdP and its certificate, and saves pasted metadata', async () => {
    const puts = renderCard(SAML_CONNECTED);
    const connected = await screen.findByRole('region', { name: 'Connected identity provider' });
    expect(screen.getByRole('combobox', { name: 'Protocol' })).toHaveTextContent('SAML 2.0');
    expect(within(connected).getByText('https://idp.acme.example/saml')).toBeInTheDocument();
    expect(within(connected).getByRole('list', { name: 'Signing certificates' })).toHaveTextContent(
      'Signing certificate CN=Acme IdP, expires',
    );
    fireEvent.change(screen.getByLabelText('Identity provider metadata (XML)'), { target: { value: METADATA } });
    await userEvent.click(screen.getByRole('button', { name: 'Save identity provider' }));
    // Saved: the field empties for the next change (the connection above shows what was read).
    await waitFor(() => expect(screen.getByLabelText('Identity provider metadata (XML)')).toHaveValue(''));
    expect(puts).toEqual([{ protocol: 'saml', metadataXml: METADATA, jitRole: 'staff' }]);
  });

  it('checks that metadata was pasted before sending anything', async () => {
    const puts = renderCard(SAML_CONNECTED);
    await userEvent.click(await screen.findByRole('button', { name: 'Save identity provider' }));
    expect(await screen.findByText('Paste your identity provider’s SAML metadata XML')).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it("keeps the pasted metadata and shows the server's reason under the field", async () => {
    const reason = 'The metadata has no signing certificate (a KeyDescriptor with an X509Certificate).';
    renderCard(SAML_CONNECTED, () => json({ message: reason, fieldErrors: { metadataXml: reason } }, 400));
    fireEvent.change(await screen.findByLabelText('Identity provider metadata (XML)'), { target: { value: METADATA } });
    await userEvent.click(screen.getByRole('button', { name: 'Save identity provider' }));
    const field = screen.getByLabelText('Identity provider metadata (XML)');
    expect(await screen.findAllByText(reason)).not.toHaveLength(0);
    expect(field).toHaveValue(METADATA);
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});
