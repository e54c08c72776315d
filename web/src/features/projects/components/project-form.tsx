import { zodResolver } from '@hookform/resolvers/zod';
import { type ProjectForm as ProjectFormValues, projectForm } from '@shared/schemas/projects';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { DialogClose, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { statusOptions } from '../../../lib/project-status';
import { DraftDescriptionButton } from './draft-description-button';
import { MemberChecklist } from './member-checklist';

export type { ProjectFormValues };

interface ProjectFormProps {
  idPrefix: string;
  defaultValues: ProjectFormValues;
  submitLabel: string;
  pendingLabel: string;
  /** The project's members as they are, with their names (Edit Project): listed first in the checklist. */
  members?: { id: string; fullName: string; username: string; avatarUrl: string | null }[];
  /** 'Draft with the assistant' beside the description (Create New Project, while the organization allows the assistant). */
  draftDescription?: boolean;
  /** Resolves when saved; a rejection keeps the dialog open with everything as typed. */
  onSubmit: (values: ProjectFormValues) => Promise<unknown>;
}

/** The fields of the Create New Project and Edit Project dialogs, validated by the shared schema. */
export function ProjectForm({
  idPrefix,
  defaultValues,
  submitLabel,
  pendingLabel,
  members,
  draftDescription,
  onSubmit,
}: ProjectFormProps) {
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProjectFormValues>({ resolver: zodResolver(projectForm), defaultValues });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch {
      // The caller showed the failure toast; the form keeps what was typed.
    }
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <FormField label="Name" htmlFor={`${idPrefix}-name`} error={errors.name?.message}>
        <Input id={`${idPrefix}-name`} autoComplete="off" aria-required {...register('name')} />
      </FormField>
      <FormField label="Description" htmlFor={`${idPrefix}-description`} error={errors.description?.message}>
        <Textarea id={`${idPrefix}-description`} rows={draftDescription ? 6 : 3} {...register('description')} />
      </FormField>
      {draftDescription ? (
        <DraftDescriptionButton
          name={() => getValues('name')}
          onDrafted={(text) => setValue('description', text, { shouldDirty: true, shouldValidate: true })}
          onNameMissing={(message) => setError('name', { message })}
          disabled={isSubmitting}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Status" htmlFor={`${idPrefix}-status`} error={errors.status?.message}>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select id={`${idPrefix}-status`} value={field.value} onValueChange={field.onChange} options={statusOptions} />
            )}
          />
        </FormField>
        <FormField label="Due Date (optional)" htmlFor={`${idPrefix}-due-date`} error={errors.dueDate?.message}>
          <Input id={`${idPrefix}-due-date`} type="date" {...register('dueDate')} />
        </FormField>
      </div>
      <Controller
        control={control}
        name="memberIds"
        render={({ field }) => (
          <MemberChecklist
            idPrefix={idPrefix}
            value={field.value}
            onChange={field.onChange}
            disabled={isSubmitting}
            chosen={members}
          />
        )}
      />
      {errors.memberIds?.message ? <p className="text-sm font-medium text-danger">{errors.memberIds.message}</p> : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
