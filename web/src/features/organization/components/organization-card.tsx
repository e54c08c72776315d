import { zodResolver } from '@hookform/resolvers/zod';
import { type OrganizationRequest, organizationRequest } from '@shared/schemas/organization';
import { Check, Pencil, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useUpdateOrganization } from '../api/organization';

interface OrganizationCardProps {
  organization: { id: string; name: string };
  canEdit: boolean;
}

/** The organization's name; admins edit it in place (save or cancel). */
export function OrganizationCard({ organization, canEdit }: OrganizationCardProps) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateOrganization();
  const form = useForm<OrganizationRequest>({
    resolver: zodResolver(organizationRequest),
    defaultValues: { name: organization.name },
  });
  const { errors } = form.formState;

  const startEditing = () => {
    form.reset({ name: organization.name });
    setEditing(true);
  };

  const onSubmit = form.handleSubmit(
    ({ name }) =>
      update.mutate(
        { id: organization.id, name },
        {
          onSuccess: () => {
            toast({ title: 'Organization updated', description: 'The organization name has been saved.' });
            setEditing(false);
          },
          // The field stays open with what was typed.
          onError: (error) => toast({ title: 'Update failed', description: error.message, variant: 'destructive' }),
        },
      ),
    (invalid) => {
      if (invalid.name?.message) toast({ title: 'Validation error', description: invalid.name.message, variant: 'destructive' });
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Organization</CardTitle>
        <CardDescription>
          The name your team sees across {canEdit ? 'the product; only administrators can change it' : 'the product'}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {editing ? (
          <form noValidate className="grid gap-3" onSubmit={(event) => void onSubmit(event)}>
            <FormField label="Organization name" htmlFor="organization-name" error={errors.name?.message}>
              <Input id="organization-name" autoComplete="organization" autoFocus {...form.register('name')} />
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" disabled={update.isPending}>
                <Check aria-hidden />
                {update.isPending ? 'Saving...' : 'Save'}
              </Button>
              <Button variant="outline" size="sm" onClick={() => setEditing(false)} disabled={update.isPending}>
                <X aria-hidden />
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="grid gap-0.5">
              <span className="text-sm text-muted">Organization name</span>
              <span className="text-lg font-semibold break-all">{organization.name}</span>
            </div>
            {canEdit ? (
              <Button variant="outline" size="sm" onClick={startEditing}>
                <Pencil aria-hidden />
                Edit
              </Button>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
