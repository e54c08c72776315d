import type { OrganizationResponse } from '@shared/schemas/organization';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast';
import { useUpdateOrganization } from '../api/organization';

const number = (value: number) => value.toLocaleString('en-US');

/** Admins turn the assistant on or off for everyone, and see today's generations against the plan's allowance (issue 67). */
export function AssistantCard({ organization }: { organization: OrganizationResponse }) {
  const update = useUpdateOrganization();
  const usage = organization.assistantUsage;
  const apply = (assistantEnabled: boolean) =>
    update.mutate(
      { id: organization.id, assistantEnabled },
      {
        onSuccess: (org) =>
          toast({
            title: 'Organization updated',
            description: org.assistantEnabled
              ? 'The assistant is on for all members.'
              : 'The assistant is off: its buttons are gone for all members.',
          }),
        onError: (error) => toast({ title: 'Update failed', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Assistant</CardTitle>
        <CardDescription>
          Project summaries and draft briefs, written from your organization&apos;s own data. It never changes anything itself.{' '}
          <Link to="/help">Help: What the assistant sees and does</Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center gap-2">
          <Checkbox
            id="assistant-enabled"
            checked={organization.assistantEnabled}
            disabled={update.isPending}
            onCheckedChange={(checked) => apply(checked === true)}
          />
          <Label htmlFor="assistant-enabled" className="font-normal">
            Let members use the assistant
          </Label>
        </div>
        {usage ? (
          <p className="text-sm text-muted">
            Today: {number(usage.requests)} of {number(usage.requestsPerDay)} requests, {number(usage.tokens)} of{' '}
            {number(usage.tokensPerDay)} model tokens. The allowance renews at midnight UTC.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
