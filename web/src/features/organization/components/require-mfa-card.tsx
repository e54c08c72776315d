import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast';
import { useUpdateOrganization } from '../api/organization';

/** Admins require two-factor sign-in for every member (issue 15); they need it on themselves first. */
export function RequireMfaCard({ organization, adminHasMfa }: { organization: { id: string; requireMfa: boolean }; adminHasMfa: boolean }) {
  const update = useUpdateOrganization();
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
            onCheckedChange={(checked) =>
              update.mutate(
                { id: organization.id, requireMfa: checked === true },
                {
                  onSuccess: (org) =>
                    toast({
                      title: 'Organization updated',
                      description: org.requireMfa ? 'Two-factor authentication is now required for all members.' : 'Two-factor authentication is no longer required.',
                    }),
                  onError: (error) => toast({ title: 'Update failed', description: error.message, variant: 'destructive' }),
                },
              )
            }
          />
          <Label htmlFor="require-mfa" className="font-normal">
            Require two-factor authentication for all members
          </Label>
        </div>
      </CardContent>
    </Card>
  );
}
