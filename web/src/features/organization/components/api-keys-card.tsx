import { zodResolver } from '@hookform/resolvers/zod';
import { API_KEY_SCOPES, API_KEY_SCOPE_LABELS, type ApiKeyScope } from '@shared/api-key-scopes';
import { type ApiKeyCreatedResponse, type ApiKeyRequest, type ApiKeyResponse, apiKeyRequest } from '@shared/schemas/api-keys';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { apiKeyQueries, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { ShownOnceDialog } from './shown-once-dialog';

/** The server's words without the '{status}: ' the client puts before them. */
const reason = (error: Error) => error.message.replace(/^\d+: /, '');

const when = (iso: string) => new Date(iso).toLocaleString();

const EXPIRY_OPTIONS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'No expiry' },
];

/**
 * 'API keys' (admins): a key lets another tool (a CRM, a spreadsheet, Zapier) call the API as the
 * organization, within the scopes chosen; it is shown once, and revoking it stops it at once.
 */
export function ApiKeysCard() {
  const keys = useQuery(apiKeyQueries.list());
  const [created, setCreated] = useState<ApiKeyCreatedResponse>();
  const [revoking, setRevoking] = useState<ApiKeyResponse>();
  return (
    <Card>
      <CardHeader>
        <CardTitle>API keys</CardTitle>
        <CardDescription>
          Let your other tools read and change projects and comments through the API. A key acts as your organization with only
          the permissions you choose, and works only while the admin who created it is still an admin here. See the{' '}
          <Link to="/developers" className="font-medium text-brand-90 underline-offset-4 hover:underline">
            API reference
          </Link>{' '}
          for what it can call.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <CreateKeyForm onCreated={setCreated} />
        <QueryState
          query={keys}
          loading="Loading API keys"
          error="There was an error loading your API keys. Please try again."
          retry="Try again"
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-sm text-muted">No API keys yet.</p>}
        >
          {(list) => (
            <ul className="grid gap-3" aria-label="API keys">
              {list.map((key) => (
                <li key={key.id} className="flex flex-wrap items-center gap-2 rounded-md border border-line p-4 text-sm">
                  <span className="grid gap-0.5">
                    <span className="font-medium break-all">{key.name}</span>
                    <span className="text-muted">{key.scopes.join(', ')}</span>
                    <span className="text-muted">
                      Created {when(key.createdAt)} by {key.createdBy.fullName} ·{' '}
                      {key.expiresAt ? `Expires ${when(key.expiresAt)}` : 'No expiry'} ·{' '}
                      {key.lastUsedAt ? `Last used ${when(key.lastUsedAt)}` : 'Never used'}
                    </span>
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    className="ml-auto text-danger"
                    aria-label={`Revoke ${key.name}`}
                    onClick={() => setRevoking(key)}
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
        id="api-key-value"
        shown={
          created && {
            title: 'API key created',
            description:
              "Copy it now and keep it somewhere safe, such as your tool's secret settings: it will not be shown again.",
            label: 'API key',
            copyLabel: 'Copy key',
            copied: 'The API key is on your clipboard.',
            what: 'the key',
            value: created.key,
          }
        }
        onClose={() => setCreated(undefined)}
      />
      <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(undefined)} />
    </Card>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: ApiKeyCreatedResponse) => void }) {
  const create = useCreateApiKey();
  const form = useForm<ApiKeyRequest>({
    resolver: zodResolver(apiKeyRequest),
    defaultValues: { name: '', scopes: ['projects:read'], expiresInDays: 90 },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (created) => {
        form.reset();
        onCreated(created);
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fieldErrors : undefined;
        if (fields?.scopes) form.setError('scopes', { message: fields.scopes });
        if (fields?.expiresInDays) form.setError('expiresInDays', { message: fields.expiresInDays });
        if (fields?.name || !fields) form.setError('name', { message: fields?.name ?? reason(error) }, { shouldFocus: true });
      },
    }),
  );
  return (
    <form noValidate className="grid gap-4" aria-label="Create an API key" onSubmit={(event) => void onSubmit(event)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Key name" htmlFor="api-key-name" hint="The tool it is for, e.g. CRM sync" error={errors.name?.message}>
          <Input id="api-key-name" autoComplete="off" placeholder="CRM sync" {...form.register('name')} />
        </FormField>
        <FormField label="Expires after" htmlFor="api-key-expiry" error={errors.expiresInDays?.message}>
          <Controller
            control={form.control}
            name="expiresInDays"
            render={({ field }) => (
              <Select
                id="api-key-expiry"
                value={field.value ? String(field.value) : 'never'}
                onValueChange={(value) => field.onChange(value === 'never' ? null : Number(value))}
                options={EXPIRY_OPTIONS}
              />
            )}
          />
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="scopes"
        render={({ field }) => (
          <fieldset className="grid gap-2" aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}>
            <legend className="mb-1 text-sm font-medium">What it may do</legend>
            {API_KEY_SCOPES.map((scope) => (
              <ScopeOption
                key={scope}
                scope={scope}
                checked={field.value.includes(scope)}
                onChange={(checked) =>
                  field.onChange(checked ? [...field.value, scope] : field.value.filter((chosen) => chosen !== scope))
                }
              />
            ))}
            {errors.scopes ? (
              <p id="api-key-scopes-error" className="text-sm text-danger">
                {errors.scopes.message ?? errors.scopes.root?.message}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create API key'}
        </Button>
      </div>
    </form>
  );
}

function ScopeOption({
  scope,
  checked,
  onChange,
}: {
  scope: ApiKeyScope;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = `api-key-scope-${scope.replace(':', '-')}`;
  return (
    <div className="flex items-start gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} className="mt-0.5" />
      <label htmlFor={id} className="text-sm">
        <span className="font-mono">{scope}</span> <span className="text-muted">— {API_KEY_SCOPE_LABELS[scope]}</span>
      </label>
    </div>
  );
}

function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyResponse | undefined; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const onConfirm = () =>
    apiKey &&
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        toast({ title: 'API key revoked', description: `${apiKey.name} can no longer call the API.` });
        onClose();
      },
      onError: (error) => toast({ title: 'Failed to revoke the key', description: reason(error), variant: 'destructive' }),
    });
  return (
    <ConfirmDialog
      open={apiKey !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Revoke ${apiKey?.name ?? 'key'}?`}
      description="Every tool using it stops reaching your organization at once. What it already changed stays."
      confirmLabel={revoke.isPending ? 'Revoking...' : 'Revoke key'}
      pending={revoke.isPending}
      onConfirm={onConfirm}
    />
  );
}
