import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast';
import { passkeyQueries } from '../../../lib/api/passkeys';
import { useUpdateOrganization } from '../api/organization';

/**
 * Admins require two-factor sign-in for every member (issue 15); they need a factor of their own
 * first: the authenticator app or a passkey (docs/decisions/056).
 */
export function RequireMfaCard({
  organization,
  adminHasAuthenticatorApp,
}: {
  organization: { id: string; requireMfa: boolean; membersWithoutTwoFactor?: number };
  adminHasAuthenticatorApp: boolean;
}) {
  const update = useUpdateOrganization();
  // The user's own shape says only whether the app is on; their passkeys are asked for when it is not.
  const passkeys = useQuery({ ...passkeyQueries.list(), enabled: !adminHasAuthenticatorApp });
  const adminHasMfa = adminHasAuthenticatorApp || (passkeys.data?.length ?? 0) > 0;
  // Turning it on locks out, until they set it up, everyone who has not: it is asked first. Off is not.
  const [confirming, setConfirming] = useState(false);
  const apply = (requireMfa: boolean) =>
    update.mutate(
      { id: organization.id, requireMfa },
      {
        onSuccess: (org) => {
          setConfirming(false);
          toast({
            title: 'Organization updated',
            description: org.requireMfa
              ? 'Two-factor authentication is now required for all members.'
              : 'Two-factor authentication is no longer required.',
          });
        },
        onError: (error) => toast({ title: 'Update failed', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security</CardTitle>
        <CardDescription>
          Members without two-factor authentication are asked to set it up before they can do anything else.
          {adminHasMfa ? null : ' Set up two-factor authentication for your own account first (User Settings → Security).'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center gap-2">
          <Checkbox
            id="require-mfa"
            checked={organization.requireMfa}
            disabled={update.isPending || (!adminHasMfa && !organization.requireMfa)}
            onCheckedChange={(checked) => (checked === true ? setConfirming(true) : apply(false))}
          />
          <Label htmlFor="require-mfa" className="font-normal">
            Require two-factor authentication for all members
          </Label>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Require two-factor authentication?"
        description={`${whoIsAffected(organization.membersWithoutTwoFactor)} Members who are signed in now are asked too.`}
        confirmLabel={update.isPending ? 'Saving...' : 'Require two-factor'}
        pending={update.isPending}
        onConfirm={() => apply(true)}
      />
    </Card>
  );
}

/** Who the requirement stops, in the dialog's words: the count when the organization keeps it (docs/decisions/054). */
export function whoIsAffected(membersWithoutTwoFactor: number | undefined): string {
  if (membersWithoutTwoFactor === undefined) {
    return 'Every member who has not set up two-factor authentication will be asked to set it up on their next request, and can do nothing else until they have.';
  }
  if (membersWithoutTwoFactor <= 0)
    return 'Every member has set up two-factor authentication: nobody will be asked to set it up.';
  const who = membersWithoutTwoFactor === 1 ? '1 member has' : `${membersWithoutTwoFactor} members have`;
  return `${who} not set up two-factor authentication and will be asked to set it up on their next request, and can do nothing else until they have.`;
}
