import { zodResolver } from '@hookform/resolvers/zod';
import { type OidcConnectionRequest, type SsoSettingsResponse, oidcConnectionRequest } from '@shared/schemas/sso';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { QueryState } from '../../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { ssoQueries } from '../api/sso';
import { JitRoleField, SaveConnectionButton, useConnectionSave } from './connection-form-parts';
import { ConnectionTest } from './connection-test';
import { SamlConnectionForm } from './saml-connection-form';

const FIELDS = ['issuer', 'clientId', 'clientSecret', 'jitRole'] as const;
const PROTOCOL_OPTIONS = [
  { value: 'oidc', label: 'OpenID Connect' },
  { value: 'saml', label: 'SAML 2.0' },
];

/**
 * 'Identity provider' on the Single sign-on tab: the organization's connection (Okta, Microsoft
 * Entra ID, Google Workspace...) by OpenID Connect or SAML 2.0, and what to register there.
 */
export function SsoConnectionCard() {
  const settings = useQuery(ssoQueries.settings());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Identity provider</CardTitle>
        <CardDescription>
          Connect your identity provider with OpenID Connect or SAML 2.0. People at your verified domains can then sign in with
          it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={settings}
          loading="Loading single sign-on settings"
          error="There was an error loading your single sign-on settings. Please try again."
          retry="Try again"
        >
          {(data) => (
            <div className="grid gap-4">
              <ProtocolChoice settings={data} />
              {data.connection && <ConnectionTest />}
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

/** One connection per organization: the protocol chosen shows its own form (the saved one's first). */
function ProtocolChoice({ settings }: { settings: SsoSettingsResponse }) {
  const [protocol, setProtocol] = useState(settings.connection?.protocol ?? 'oidc');
  return (
    <div className="grid gap-4">
      <FormField
        label="Protocol"
        htmlFor="sso-protocol"
        hint={
          settings.connection && settings.connection.protocol !== protocol ? 'Saving replaces the current connection.' : undefined
        }
      >
        <Select
          id="sso-protocol"
          value={protocol}
          onValueChange={(value) => setProtocol(value === 'saml' ? 'saml' : 'oidc')}
          options={PROTOCOL_OPTIONS}
        />
      </FormField>
      {protocol === 'saml' ? <SamlConnectionForm settings={settings} /> : <OidcConnectionForm settings={settings} />}
    </div>
  );
}

function OidcConnectionForm({ settings }: { settings: SsoSettingsResponse }) {
  const connection = settings.connection?.protocol === 'oidc' ? settings.connection : undefined;
  const form = useForm<OidcConnectionRequest>({
    resolver: zodResolver(oidcConnectionRequest),
    // The secret is never shown again: saving asks for it each time.
    defaultValues: {
      protocol: 'oidc',
      issuer: connection?.issuer ?? '',
      clientId: connection?.clientId ?? '',
      clientSecret: '',
      jitRole: connection?.jitRole ?? 'staff',
    },
  });
  const { errors } = form.formState;
  // What was typed stays on a refusal; the secret is cleared once saved.
  const { onSubmit, isPending } = useConnectionSave(form, FIELDS, () => form.resetField('clientSecret'));
  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
      <FormField
        label="Redirect URI"
        htmlFor="sso-redirect-uri"
        hint="Register this sign-in redirect URI at your identity provider."
      >
        <Input
          id="sso-redirect-uri"
          readOnly
          value={settings.redirectUri}
          className="font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
      </FormField>
      <FormField label="Issuer URL" htmlFor="sso-issuer" error={errors.issuer?.message}>
        <Input
          id="sso-issuer"
          type="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.okta.com"
          {...form.register('issuer')}
        />
      </FormField>
      <FormField label="Client ID" htmlFor="sso-client-id" error={errors.clientId?.message}>
        <Input id="sso-client-id" autoComplete="off" spellCheck={false} {...form.register('clientId')} />
      </FormField>
      <FormField
        label="Client secret"
        htmlFor="sso-client-secret"
        hint={connection ? 'Saved and hidden. Enter it again to save a change.' : undefined}
        error={errors.clientSecret?.message}
      >
        <Input id="sso-client-secret" type="password" autoComplete="new-password" {...form.register('clientSecret')} />
      </FormField>
      <Controller
        control={form.control}
        name="jitRole"
        render={({ field }) => (
          <JitRoleField id="sso-jit-role" value={field.value} onChange={field.onChange} error={errors.jitRole?.message} />
        )}
      />
      <SaveConnectionButton pending={isPending} />
    </form>
  );
}
