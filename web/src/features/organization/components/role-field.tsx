import { type Role, ROLES, ROLE_LABELS } from '@shared/roles';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Select } from '../../../components/ui/select';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** The Role select of a form whose `role` field is a user's role (the user and invitation dialogs). */
export function RoleField<T extends FieldValues & { role: Role }>({
  id,
  control,
  error,
}: {
  id: string;
  control: Control<T>;
  error?: string;
}) {
  return (
    <FormField label="Role" htmlFor={id} error={error}>
      <Controller
        control={control}
        name={'role' as Path<T>}
        render={({ field }) => <Select id={id} value={field.value} onValueChange={field.onChange} options={ROLE_OPTIONS} />}
      />
    </FormField>
  );
}
