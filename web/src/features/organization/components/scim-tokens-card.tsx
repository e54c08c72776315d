import { zodResolver } from '@hookform/resolvers/zod';
import * as scimEndpoints from '@shared/contract/scim';
import {
  type ScimTokenCreatedResponse,
  type ScimTokenRequest,
  type ScimTokenResponse,
  scimTokenRequest,
} from '@shared/schemas/scim-tokens';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { QueryState } from '../../../components/query-state';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { scimTokenQueries, useCreateScimToken, useRevokeScimToken } from '../api/scim-tokens';
import { ShownOnceDialog } from './shown-once-dialog';

/** The server's words without the '{status}: ' the client puts before them. */
const reason = (error: Error) => error.message.replace(/^\d+: /, '');

const when = (iso: string) => new Date(iso).toLocaleString();

/** The SCIM base URL an identity provider asks for: the Users resource's path less its last segment. */
const scimBaseUrl = () => `${window.location.origin}${scimEndpoints.listUsers.path.replace(/\/Users$/, '')}`;

/**
 * 'Provisioning (SCIM)' on the Single sign-on tab: an admin creates the bearer token the identity
 * provider provisions people with (shown once), sees when each was last used, and revokes them.
 */
export function ScimTokensCard() {
  const tokens = useQuery(scimTokenQueries.list());
  const [created, setCreated] = useState<ScimTokenCreatedResponse>();
  const [revoking, setRevoking] = useState<ScimTokenResponse>();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Provisioning (SCIM)</CardTitle>
        <CardDescription>
          Let your identity provider add, update and remove people automatically. Create a token, then enter it with the SCIM base
          URL <span className="font-mono break-all">{scimBaseUrl()}</span> in your identity provider. Removing a person there
          signs them out here at once. A token works only while the admin who created it is still an admin here.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <CreateTokenForm onCreated={setCreated} />
        <QueryState
          query={tokens}
          loading="Loading SCIM tokens"
          error="There was an error loading your SCIM tokens. Please try again."
          retry="Try again"
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-sm text-muted">No SCIM tokens yet.</p>}
        >
          {(list) => (
            <ul className="grid gap-3" aria-label="SCIM tokens">
              {list.map((token) => (
                <li key={token.id} className="flex flex-wrap items-center gap-2 rounded-md border border-line p-4 text-sm">
                  <span className="grid gap-0.5">
                    <span className="font-medium break-all">{token.name}</span>
                    <span className="text-muted">
                      Created {when(token.createdAt)}
                      {token.createdBy ? ` by ${token.createdBy.fullName}` : ''} ·{' '}
                      {token.lastUsedAt ? `Last used ${when(token.lastUsedAt)}` : 'Never used'}
                    </span>
                    {token.createdBy ? null : (
                      <span className="text-muted">
                        Made before creators were recorded: it keeps working whoever leaves. Replace it with a new token to tie it
                        to you.
                      </span>
                    )}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    className="ml-auto text-danger"
                    aria-label={`Revoke ${token.name}`}
                    onClick={() => setRevoking(token)}
                  >
                    <Trash2 aria-hidden />
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      <ShownOnceDialog
        id="scim-token-value"
        shown={
          created && {
            title: 'SCIM token created',
            description: 'Copy it now and enter it in your identity provider: it will not be shown again.',
            label: 'Token',
            copyLabel: 'Copy token',
            copied: 'The SCIM token is on your clipboard.',
            what: 'the token',
            value: created.token,
          }
        }
        onClose={() => setCreated(undefined)}
      />
      <RevokeTokenDialog token={revoking} onClose={() => setRevoking(undefined)} />
    </Card>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (created: ScimTokenCreatedResponse) => void }) {
  const create = useCreateScimToken();
  const form = useForm<ScimTokenRequest>({ resolver: zodResolver(scimTokenRequest), defaultValues: { name: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ name }) =>
    create.mutate(name, {
      onSuccess: (created) => {
        form.reset();
        onCreated(created);
      },
      onError: (error) =>
        form.setError(
          'name',
          { message: error instanceof ApiError ? (error.fieldErrors?.name ?? reason(error)) : error.message },
          { shouldFocus: true },
        ),
    }),
  );
  return (
    <form noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={(event) => void onSubmit(event)}>
      <div className="grow">
        <FormField
          label="Token name"
          htmlFor="scim-token-name"
          hint="The identity provider it is for, e.g. Okta"
          error={errors.name?.message}
        >
          <Input id="scim-token-name" autoComplete="off" placeholder="Okta" {...form.register('name')} />
        </FormField>
      </div>
      <Button type="submit" className="sm:mt-7" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create token'}
      </Button>
    </form>
  );
}

function RevokeTokenDialog({ token, onClose }: { token: ScimTokenResponse | undefined; onClose: () => void }) {
  const revoke = useRevokeScimToken();
  const onConfirm = () =>
    token &&
    revoke.mutate(token.id, {
      onSuccess: () => {
        toast({ title: 'SCIM token revoked', description: `${token.name} can no longer provision people.` });
        onClose();
      },
      onError: (error) => toast({ title: 'Failed to revoke the token', description: reason(error), variant: 'destructive' }),
    });
  return (
    <ConfirmDialog
      open={token !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Revoke ${token?.name ?? 'token'}?`}
      description="Your identity provider can no longer add or remove people with it. People already provisioned stay."
      confirmLabel={revoke.isPending ? 'Revoking...' : 'Revoke token'}
      pending={revoke.isPending}
      onConfirm={onConfirm}
    />
  );
}
