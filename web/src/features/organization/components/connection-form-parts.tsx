import { ROLES, ROLE_LABELS, type Role } from '@shared/roles';
import type { SsoConnectionRequest } from '@shared/schemas/sso';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useSaveConnection } from '../api/sso';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * What both connection forms (OpenID Connect, SAML) do on submit: save, say so, and on a refusal
 * keep what was typed and show the server's reason under its field (an issuer it could not read,
 * metadata it could not use). `afterSave` clears what is never shown again.
 */
export function useConnectionSave<T extends FieldValues & SsoConnectionRequest>(
  form: UseFormReturn<T>,
  fields: readonly Path<T>[],
  afterSave: () => void,
) {
  const save = useSaveConnection();
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Identity provider saved',
          description: 'People at your verified domains can now sign in with single sign-on.',
        });
        afterSave();
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
        for (const field of fields) if (fieldErrors[field]) form.setError(field, { message: fieldErrors[field] });
        toast({ title: 'Failed to save identity provider', description: error.message, variant: 'destructive' });
      },
    }),
  );
  return { onSubmit, isPending: save.isPending };
}

/** The role of people created at their first sign-in (just-in-time). */
export function JitRoleField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: Role | undefined;
  onChange: (role: string) => void;
  error?: string;
}) {
  return (
    <FormField
      label="Role of people new to the organization"
      htmlFor={id}
      hint="Someone at a verified domain without an account gets one with this role at their first sign-in."
      error={error}
    >
      <Select id={id} value={value ?? 'staff'} onValueChange={onChange} options={ROLE_OPTIONS} />
    </FormField>
  );
}

export function SaveConnectionButton({ pending }: { pending: boolean }) {
  return (
    <div>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : 'Save identity provider'}
      </Button>
    </div>
  );
}
