import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { ROLES, ROLE_LABELS } from '@shared/roles';
import { type SsoConnectionRequest, type SsoSettingsResponse, ssoConnectionRequest } from '@shared/schemas/sso';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { ssoQueries, useSaveConnection } from '../api/sso';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const FIELDS = ['issuer', 'clientId', 'clientSecret', 'jitRole'] as const;

/**
 * 'Identity provider' on the Single sign-on tab: the organization's OpenID Connect connection
 * (Okta, Microsoft Entra ID, Google Workspace...) and what to register there (the redirect URI).
 */
export function SsoConnectionCard() {
  const settings = useQuery(ssoQueries.settings());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Identity provider</CardTitle>
        <CardDescription>Connect your identity provider with OpenID Connect. People at your verified domains can then sign in with it.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={settings} loading="Loading single sign-on settings" error="There was an error loading your single sign-on settings. Please try again." retry="Try again">
          {(data) => <ConnectionForm settings={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function ConnectionForm({ settings }: { settings: SsoSettingsResponse }) {
  const save = useSaveConnection();
  const { connection } = settings;
  const form = useForm<SsoConnectionRequest>({
    resolver: zodResolver(ssoConnectionRequest),
    // The secret is never shown again: saving asks for it each time.
    defaultValues: { protocol: 'oidc', issuer: connection?.issuer ?? '', clientId: connection?.clientId ?? '', clientSecret: '', jitRole: connection?.jitRole ?? 'staff' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Identity provider saved', description: 'People at your verified domains can now sign in with single sign-on.' });
        form.resetField('clientSecret');
      },
      // What was typed stays; the server's reason shows under its field (an issuer it could not read).
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
        for (const field of FIELDS) if (fieldErrors[field]) form.setError(field, { message: fieldErrors[field] });
        toast({ title: 'Failed to save identity provider', description: error.message, variant: 'destructive' });
      },
    }),
  );
  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
      <FormField label="Redirect URI" htmlFor="sso-redirect-uri" hint="Register this sign-in redirect URI at your identity provider.">
        <Input id="sso-redirect-uri" readOnly value={settings.redirectUri} className="font-mono" onFocus={(event) => event.currentTarget.select()} />
      </FormField>
      <FormField label="Issuer URL" htmlFor="sso-issuer" error={errors.issuer?.message}>
        <Input id="sso-issuer" type="url" autoComplete="off" spellCheck={false} placeholder="https://example.okta.com" {...form.register('issuer')} />
      </FormField>
      <FormField label="Client ID" htmlFor="sso-client-id" error={errors.clientId?.message}>
        <Input id="sso-client-id" autoComplete="off" spellCheck={false} {...form.register('clientId')} />
      </FormField>
      <FormField label="Client secret" htmlFor="sso-client-secret" hint={connection ? 'Saved and hidden. Enter it again to save a change.' : undefined} error={errors.clientSecret?.message}>
        <Input id="sso-client-secret" type="password" autoComplete="new-password" {...form.register('clientSecret')} />
      </FormField>
      <FormField label="Role of people new to the organization" htmlFor="sso-jit-role" hint="Someone at a verified domain without an account gets one with this role at their first sign-in." error={errors.jitRole?.message}>
        <Controller control={form.control} name="jitRole" render={({ field }) => <Select id="sso-jit-role" value={field.value ?? 'staff'} onValueChange={field.onChange} options={ROLE_OPTIONS} />} />
      </FormField>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save identity provider'}
        </Button>
      </div>
    </form>
  );
}
