import { zodResolver } from '@hookform/resolvers/zod';
import { type SsoDomainRequest, type SsoDomainResponse, ssoDomainRequest } from '@shared/schemas/sso';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { QueryState } from '../../../components/query-state';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { ssoQueries, useAddDomain, useRemoveDomain, useVerifyDomain } from '../api/sso';

/** The server's words without the '{status}: ' the client puts before them. */
const reason = (error: Error) => error.message.replace(/^\d+: /, '');

/**
 * 'Domains' on the Single sign-on tab: an admin adds the organization's email domains and proves
 * each with a TXT record; single sign-on then applies to people at the verified ones.
 */
export function SsoDomainsCard() {
  const domains = useQuery(ssoQueries.domains());
  const [removing, setRemoving] = useState<SsoDomainResponse>();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Domains</CardTitle>
        <CardDescription>
          Add your organization's email domains and prove you own each one with a DNS TXT record. Single sign-on applies to people
          whose email is at a verified domain.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AddDomainForm />
        <QueryState
          query={domains}
          loading="Loading domains"
          error="There was an error loading your domains. Please try again."
          retry="Try again"
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-sm text-muted">No domains yet. Add one above.</p>}
        >
          {(list) => (
            <ul className="grid gap-3" aria-label="Domains">
              {list.map((domain) => (
                <DomainRow key={domain.domain} domain={domain} onRemove={() => setRemoving(domain)} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      <RemoveDomainDialog domain={removing} onClose={() => setRemoving(undefined)} />
    </Card>
  );
}

function AddDomainForm() {
  const add = useAddDomain();
  const form = useForm<SsoDomainRequest>({ resolver: zodResolver(ssoDomainRequest), defaultValues: { domain: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ domain }) =>
    add.mutate(domain, {
      onSuccess: (added) => {
        toast({ title: 'Domain added', description: `Publish the TXT record shown for ${added.domain}, then choose Verify.` });
        form.reset();
      },
      // What was typed stays; the server's reason (taken, already added, too many) shows under the field.
      onError: (error) =>
        form.setError(
          'domain',
          { message: error instanceof ApiError ? (error.fieldErrors?.domain ?? reason(error)) : error.message },
          { shouldFocus: true },
        ),
    }),
  );
  return (
    <form noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={(event) => void onSubmit(event)}>
      <div className="grow">
        <FormField
          label="Domain"
          htmlFor="sso-domain"
          hint="The part of your work email after the @, e.g. example.com"
          error={errors.domain?.message}
        >
          <Input id="sso-domain" autoComplete="off" spellCheck={false} placeholder="example.com" {...form.register('domain')} />
        </FormField>
      </div>
      <Button type="submit" className="sm:mt-7" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add domain'}
      </Button>
    </form>
  );
}

function DomainRow({ domain, onRemove }: { domain: SsoDomainResponse; onRemove: () => void }) {
  const verify = useVerifyDomain();
  const onVerify = () =>
    verify.mutate(domain.domain, {
      onSuccess: () => toast({ title: 'Domain verified', description: `${domain.domain} is verified for your organization.` }),
      onError: (error) => toast({ title: 'Verification failed', description: reason(error), variant: 'destructive' }),
    });
  return (
    <li className="grid gap-3 rounded-md border border-line p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">{domain.domain}</span>
        {domain.verified ? (
          <Badge tone="success">
            <CheckCircle2 className="mr-1 size-3.5" aria-hidden />
            Verified
          </Badge>
        ) : (
          <Badge tone="warning">Not verified</Badge>
        )}
        <span className="ml-auto inline-flex gap-2">
          {domain.verified ? null : (
            <Button size="sm" disabled={verify.isPending} aria-label={`Verify ${domain.domain}`} onClick={onVerify}>
              {verify.isPending ? 'Verifying...' : 'Verify'}
            </Button>
          )}
          <Button variant="outline" size="sm" className="text-danger" aria-label={`Remove ${domain.domain}`} onClick={onRemove}>
            <Trash2 aria-hidden />
            Remove
          </Button>
        </span>
      </div>
      {domain.verified ? null : (
        <dl className="grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="text-muted">TXT record name</dt>
          <dd className="font-mono break-all">{domain.txtName}</dd>
          <dt className="text-muted">TXT record value</dt>
          <dd className="font-mono break-all">{domain.txtValue}</dd>
        </dl>
      )}
    </li>
  );
}

function RemoveDomainDialog({ domain, onClose }: { domain: SsoDomainResponse | undefined; onClose: () => void }) {
  const remove = useRemoveDomain();
  const onConfirm = () =>
    domain &&
    remove.mutate(domain.domain, {
      onSuccess: () => {
        toast({ title: 'Domain removed', description: `${domain.domain} was removed.` });
        onClose();
      },
      onError: (error) => toast({ title: 'Failed to remove domain', description: reason(error), variant: 'destructive' }),
    });
  return (
    <ConfirmDialog
      open={domain !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Remove ${domain?.domain ?? 'domain'}?`}
      description="Single sign-on stops applying to people at this domain, and another organization may verify it."
      confirmLabel={remove.isPending ? 'Removing...' : 'Remove domain'}
      pending={remove.isPending}
      onConfirm={onConfirm}
    />
  );
}
