import type { SsoRequirementResponse } from '@shared/schemas/sso-requirement';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast';
import { ssoQueries } from '../api/sso';
import { ssoRequirementQueries, useSetPasswordAccess, useSetRequireSso } from '../api/sso-requirement';

/** The server's words without the '{status}: ' the client puts before them. */
const reason = (error: Error) => error.message.replace(/^\d+: /, '');

/**
 * 'Require single sign-on' on the Single sign-on tab (issue 40, item 4): people at the verified
 * domains then sign in through the identity provider only; the admins with password access keep
 * their password, for when the identity provider is down (docs/runbook.md, break-glass).
 */
export function RequireSsoCard() {
  const requirement = useQuery(ssoRequirementQueries.detail());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Require single sign-on</CardTitle>
        <CardDescription>
          People whose email is at a verified domain then sign in only with ‘Sign in with SSO’: they can no longer sign in with a
          password, reset one, or accept an invitation with one. Admins with password access keep it, so the organization can
          still be reached when the identity provider is down.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={requirement}
          loading="Loading the single sign-on requirement"
          error="There was an error loading the single sign-on requirement. Please try again."
          retry="Try again"
        >
          {(data) => <RequirementForm requirement={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function RequirementForm({ requirement }: { requirement: SsoRequirementResponse }) {
  const setRequireSso = useSetRequireSso();
  const domains = useQuery(ssoQueries.domains());
  const verified = (domains.data ?? []).filter((domain) => domain.verified).map((domain) => domain.domain);
  const [confirming, setConfirming] = useState(false);
  const keepers = requirement.admins.filter((admin) => admin.passwordAccess);
  const apply = (requireSso: boolean) =>
    setRequireSso.mutate(requireSso, {
      onSuccess: (next) => {
        setConfirming(false);
        toast({
          title: 'Single sign-on updated',
          description: next.requireSso
            ? 'Single sign-on is now required at your verified domains.'
            : 'Single sign-on is no longer required.',
        });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: 'Failed to update single sign-on', description: reason(error), variant: 'destructive' });
      },
    });
  const blocked = !requirement.requireSso && requirement.blockedBy !== null;
  return (
    <div className="grid gap-6">
      <div className="grid gap-1.5">
        <div className="flex items-center gap-2">
          <Checkbox
            id="require-sso"
            checked={requirement.requireSso}
            disabled={setRequireSso.isPending || blocked}
            aria-describedby={blocked ? 'require-sso-blocked' : undefined}
            onCheckedChange={(checked) => (checked === true ? setConfirming(true) : apply(false))}
          />
          <Label htmlFor="require-sso" className="font-normal">
            Require single sign-on for people at verified domains
          </Label>
        </div>
        {blocked ? (
          <p id="require-sso-blocked" className="text-sm text-muted">
            {requirement.blockedBy}
          </p>
        ) : null}
      </div>
      <PasswordAccessList requirement={requirement} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Require single sign-on?"
        description={
          `Everyone whose email is at ${verified.length > 0 ? verified.join(', ') : 'your verified domains'} will sign in with ‘Sign in with SSO’ through your identity provider. ` +
          'Their passwords stop working at their next sign-in, password resets no longer send them a link, and invitations to them are accepted through single sign-on. ' +
          (keepers.length > 0
            ? `${keepers.map((admin) => admin.fullName).join(', ')} keep${keepers.length === 1 ? 's' : ''} password access.`
            : 'You keep password access, so the organization can still be reached if the identity provider is down.')
        }
        confirmLabel={setRequireSso.isPending ? 'Saving...' : 'Require single sign-on'}
        pending={setRequireSso.isPending}
        onConfirm={() => apply(true)}
      />
    </div>
  );
}

/** The admins, each with whether they keep password sign-in (break-glass). */
function PasswordAccessList({ requirement }: { requirement: SsoRequirementResponse }) {
  const setPasswordAccess = useSetPasswordAccess();
  const change = (userId: string, passwordAccess: boolean) =>
    setPasswordAccess.mutate(
      { userId, passwordAccess },
      {
        onError: (error) =>
          toast({ title: 'Failed to change password access', description: reason(error), variant: 'destructive' }),
      },
    );
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold">Password access</legend>
      <p className="text-sm text-muted">
        Admins who keep signing in with their password while single sign-on is required. Keep at least one.
      </p>
      <ul className="grid gap-2" aria-label="Password access">
        {requirement.admins.map((admin) => (
          <li key={admin.id} className="flex items-center gap-2">
            <Checkbox
              id={`password-access-${admin.id}`}
              checked={admin.passwordAccess}
              disabled={setPasswordAccess.isPending}
              onCheckedChange={(checked) => change(admin.id, checked === true)}
            />
            <Label htmlFor={`password-access-${admin.id}`} className="font-normal">
              {admin.fullName} <span className="text-muted">({admin.username})</span>
            </Label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
