import { AUTOMATION_ACTIONS_MAX } from '@shared/limits';
import { PROJECT_STATUSES, PROJECT_STATUS_LABELS, type ProjectStatus } from '@shared/project-statuses';
import {
  AUTOMATION_ACTION_TYPES,
  AUTOMATION_TRIGGER_TYPES,
  type AutomationAction,
  type AutomationResponse,
  type AutomationTriggerType,
  createAutomationRequest,
} from '@shared/schemas/automations';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCreateAutomation, useUpdateAutomation } from '../../lib/api/automations';
import { webhookQueries } from '../../lib/api/webhooks';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { Dialog, DialogContent, DialogFooter } from '../ui/dialog';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import { Textarea } from '../ui/textarea';
import { toast } from '../ui/toast';
import {
  ACTION_LABELS,
  AUTOMATION_PRESETS,
  type AutomationDraft,
  EMPTY_DRAFT,
  TRIGGER_LABELS,
  newAction,
  newTrigger,
  ruleSentence,
} from './automation-words';
import { PeoplePicker } from './people-picker';

type Step = 'gallery' | 'when' | 'if' | 'then';
const STEPS: { step: Step; label: string }[] = [
  { step: 'when', label: 'When' },
  { step: 'if', label: 'If' },
  { step: 'then', label: 'Then' },
];

const ANY = 'any';
const statusOptions = PROJECT_STATUSES.map((value) => ({ value, label: PROJECT_STATUS_LABELS[value] }));

interface AutomationBuilderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The project the rule is for; null: the organization's (admins). */
  projectId: string | null;
  /** The rule being changed; none: a new one, from the gallery. */
  editing?: AutomationResponse;
}

/**
 * 'Add automation': a preset from the gallery or a blank rule, then three steps (When / If / Then).
 * What is typed stays when moving between steps; the shared schema checks it before it is sent, and
 * its messages show on the step they belong to.
 */
export function AutomationBuilderDialog({ open, onOpenChange, projectId, editing }: AutomationBuilderDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title={editing ? 'Edit automation' : 'Add automation'}
          description="When something happens to a project, check the conditions, then do the actions."
          className="max-w-2xl"
        >
          <Builder projectId={projectId} editing={editing} onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function Builder({ projectId, editing, onDone }: { projectId: string | null; editing?: AutomationResponse; onDone: () => void }) {
  const [step, setStep] = useState<Step>(editing ? 'when' : 'gallery');
  const [draft, setDraft] = useState<AutomationDraft>(
    editing
      ? { name: editing.name, trigger: editing.trigger, conditions: editing.conditions, actions: editing.actions }
      : EMPTY_DRAFT,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateAutomation();
  const update = useUpdateAutomation();
  const pending = create.isPending || update.isPending;
  const change = (next: Partial<AutomationDraft>) => setDraft((current) => ({ ...current, ...next }));

  const submit = () => {
    const parsed = createAutomationRequest.safeParse({ ...draft, projectId, enabled: editing?.enabled ?? true });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.map(String).join('.') || 'form';
        found[key] ??= issue.message;
      }
      setErrors(found);
      setStep(
        Object.keys(found).some((key) => key.startsWith('trigger') || key === 'name')
          ? 'when'
          : Object.keys(found).some((key) => key.startsWith('conditions'))
            ? 'if'
            : 'then',
      );
      return;
    }
    setErrors({});
    const done = (title: string) => () => {
      toast({ title });
      onDone();
    };
    if (editing) {
      const { projectId: _scope, ...body } = parsed.data;
      update.mutate(
        { id: editing.id, body },
        {
          onSuccess: done('Automation updated'),
          onError: (error) => toast({ title: 'Failed to update automation', description: error.message, variant: 'destructive' }),
        },
      );
    } else {
      create.mutate(parsed.data, {
        onSuccess: done('Automation created'),
        onError: (error) => toast({ title: 'Failed to create automation', description: error.message, variant: 'destructive' }),
      });
    }
  };

  if (step === 'gallery')
    return (
      <div className="grid gap-3">
        <h3 className="text-sm font-semibold">Start from a preset</h3>
        <ul className="grid gap-2" aria-label="Presets">
          {AUTOMATION_PRESETS.map((preset) => (
            <li key={preset.title}>
              <button
                type="button"
                className="w-full rounded-md border border-line p-3 text-left text-sm hover:bg-surface-3 focus-visible:outline-2 focus-visible:outline-brand-80"
                onClick={() => {
                  setDraft(preset.draft);
                  setStep('when');
                }}
              >
                {preset.title}
              </button>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              setDraft(EMPTY_DRAFT);
              setStep('when');
            }}
          >
            Start from scratch
          </Button>
        </DialogFooter>
      </div>
    );

  const index = STEPS.findIndex((each) => each.step === step);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (step === 'then') submit();
        else setStep(STEPS[index + 1]!.step);
      }}
      noValidate
    >
      <ol className="flex gap-2 text-sm" aria-label="Steps">
        {STEPS.map((each, position) => (
          <li
            key={each.step}
            aria-current={each.step === step ? 'step' : undefined}
            className={each.step === step ? 'font-semibold text-brand-90' : 'text-muted'}
          >
            {position + 1}. {each.label}
          </li>
        ))}
      </ol>
      {step === 'when' ? <WhenStep draft={draft} change={change} errors={errors} /> : null}
      {step === 'if' ? <IfStep draft={draft} change={change} errors={errors} /> : null}
      {step === 'then' ? <ThenStep draft={draft} change={change} errors={errors} /> : null}
      {step === 'then' ? (
        <p className="rounded-md bg-surface-2 p-3 text-sm" aria-live="polite">
          {ruleSentence(draft)}
        </p>
      ) : null}
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errors.form}
        </p>
      ) : null}
      <DialogFooter>
        {index > 0 || !editing ? (
          <Button type="button" variant="outline" onClick={() => setStep(index > 0 ? STEPS[index - 1]!.step : 'gallery')}>
            Back
          </Button>
        ) : null}
        <Button type="submit" disabled={pending}>
          {step !== 'then' ? 'Next' : pending ? 'Saving...' : editing ? 'Save automation' : 'Create automation'}
        </Button>
      </DialogFooter>
    </form>
  );
}

interface StepProps {
  draft: AutomationDraft;
  change: (next: Partial<AutomationDraft>) => void;
  errors: Record<string, string>;
}

const errorUnder = (errors: Record<string, string>, prefix: string) =>
  Object.entries(errors).find(([key]) => key === prefix || key.startsWith(`${prefix}.`))?.[1];

function WhenStep({ draft, change, errors }: StepProps) {
  const { trigger } = draft;
  return (
    <div className="grid gap-4">
      <FormField label="Name" htmlFor="automation-name" error={errors.name}>
        <Input id="automation-name" value={draft.name} onChange={(event) => change({ name: event.target.value })} autoFocus />
      </FormField>
      <FormField label="When" htmlFor="automation-trigger" error={errorUnder(errors, 'trigger')}>
        <Select
          id="automation-trigger"
          value={trigger.type}
          onValueChange={(type) => change({ trigger: newTrigger(type as AutomationTriggerType) })}
          options={AUTOMATION_TRIGGER_TYPES.map((value) => ({ value, label: TRIGGER_LABELS[value] }))}
        />
      </FormField>
      {trigger.type === 'project.status_changed' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {(['from', 'to'] as const).map((end) => (
            <FormField key={end} label={end === 'from' ? 'From status' : 'To status'} htmlFor={`automation-trigger-${end}`}>
              <Select
                id={`automation-trigger-${end}`}
                value={trigger[end] ?? ANY}
                onValueChange={(value) =>
                  change({ trigger: { ...trigger, [end]: value === ANY ? undefined : (value as ProjectStatus) } })
                }
                options={[{ value: ANY, label: 'Any status' }, ...statusOptions]}
              />
            </FormField>
          ))}
        </div>
      ) : null}
      {trigger.type === 'project.due_soon' ? (
        <FormField label="Days before the due date" htmlFor="automation-trigger-days" hint="From 1 to 30">
          <Input
            id="automation-trigger-days"
            type="number"
            min={1}
            max={30}
            value={String(trigger.days)}
            onChange={(event) => change({ trigger: { ...trigger, days: Number(event.target.value) } })}
          />
        </FormField>
      ) : null}
      {trigger.type === 'comment.created' ? (
        <FormField
          label="Only when the comment contains"
          htmlFor="automation-trigger-contains"
          hint="A word or phrase, in any case; leave empty for every comment"
        >
          <Input
            id="automation-trigger-contains"
            value={trigger.contains ?? ''}
            onChange={(event) => change({ trigger: { ...trigger, contains: event.target.value || undefined } })}
          />
        </FormField>
      ) : null}
    </div>
  );
}

function IfStep({ draft, change, errors }: StepProps) {
  const conditions = draft.conditions ?? {};
  const set = (next: Partial<typeof conditions>) => change({ conditions: { ...conditions, ...next } });
  const statuses = new Set(conditions.statusIn ?? []);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted">All of these must hold for the actions to run. Leave them empty to always run.</p>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">The status is one of</legend>
        <div className="flex flex-wrap gap-4">
          {statusOptions.map((option) => (
            <div key={option.value} className="flex items-center gap-2">
              <Checkbox
                id={`automation-status-${option.value}`}
                checked={statuses.has(option.value)}
                onCheckedChange={(checked) => {
                  const next = new Set(statuses);
                  if (checked === true) next.add(option.value);
                  else next.delete(option.value);
                  set({ statusIn: next.size ? PROJECT_STATUSES.filter((value) => next.has(value)) : undefined });
                }}
              />
              <label htmlFor={`automation-status-${option.value}`} className="text-sm">
                {option.label}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <FormField label="The name contains" htmlFor="automation-name-contains" error={errorUnder(errors, 'conditions')}>
        <Input
          id="automation-name-contains"
          value={conditions.nameContains ?? ''}
          onChange={(event) => set({ nameContains: event.target.value || undefined })}
        />
      </FormField>
      {(
        [
          ['hasDueDate', 'It has a due date'],
          ['hasNoMembers', 'It has no members'],
        ] as const
      ).map(([key, label]) => (
        <div key={key} className="flex items-center gap-2">
          <Checkbox
            id={`automation-${key}`}
            checked={conditions[key] === true}
            onCheckedChange={(checked) => set({ [key]: checked === true ? true : undefined })}
          />
          <label htmlFor={`automation-${key}`} className="text-sm">
            {label}
          </label>
        </div>
      ))}
    </div>
  );
}

function ThenStep({ draft, change, errors }: StepProps) {
  const setAction = (index: number, action: AutomationAction) =>
    change({ actions: draft.actions.map((each, at) => (at === index ? action : each)) });
  return (
    <div className="grid gap-4">
      {errors.actions ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errors.actions}
        </p>
      ) : null}
      <ol className="grid gap-4" aria-label="Actions">
        {draft.actions.map((action, index) => (
          <li key={index} className="grid gap-3 rounded-md border border-line p-3">
            <div className="flex items-end gap-2">
              <div className="grow">
                <FormField
                  label={`Action ${index + 1}`}
                  htmlFor={`automation-action-${index}`}
                  error={errorUnder(errors, `actions.${index}`)}
                >
                  <Select
                    id={`automation-action-${index}`}
                    value={action.type}
                    onValueChange={(type) => setAction(index, newAction(type as AutomationAction['type']))}
                    options={AUTOMATION_ACTION_TYPES.map((value) => ({ value, label: ACTION_LABELS[value] }))}
                  />
                </FormField>
              </div>
              {draft.actions.length > 1 ? (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => change({ actions: draft.actions.filter((_, at) => at !== index) })}
                >
                  Remove
                </Button>
              ) : null}
            </div>
            <ActionFields index={index} action={action} onChange={(next) => setAction(index, next)} />
          </li>
        ))}
      </ol>
      {draft.actions.length < AUTOMATION_ACTIONS_MAX ? (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => change({ actions: [...draft.actions, newAction('comment')] })}
        >
          Add action
        </Button>
      ) : null}
    </div>
  );
}

function ActionFields({
  index,
  action,
  onChange,
}: {
  index: number;
  action: AutomationAction;
  onChange: (next: AutomationAction) => void;
}) {
  const id = `automation-action-${index}`;
  switch (action.type) {
    case 'set_status':
      return (
        <FormField label="New status" htmlFor={`${id}-status`}>
          <Select
            id={`${id}-status`}
            value={action.status}
            onValueChange={(status) => onChange({ ...action, status: status as ProjectStatus })}
            options={statusOptions}
          />
        </FormField>
      );
    case 'add_members':
    case 'remove_members':
      return (
        <PeoplePicker
          idPrefix={`${id}-people`}
          label={action.type === 'add_members' ? 'People to add' : 'People to remove'}
          value={action.memberIds}
          onChange={(memberIds) => onChange({ ...action, memberIds })}
        />
      );
    case 'set_due_date':
      return (
        <FormField label="Days from when it runs" htmlFor={`${id}-days`}>
          <Input
            id={`${id}-days`}
            type="number"
            min={0}
            max={365}
            value={String(action.daysFromNow)}
            onChange={(event) => onChange({ ...action, daysFromNow: Number(event.target.value) })}
          />
        </FormField>
      );
    case 'notify': {
      const to = Array.isArray(action.to) ? 'people' : action.to;
      return (
        <div className="grid gap-3">
          <FormField label="Notify" htmlFor={`${id}-to`}>
            <Select
              id={`${id}-to`}
              value={to}
              onValueChange={(value) => onChange({ ...action, to: value === 'people' ? [] : (value as 'members' | 'admins') })}
              options={[
                { value: 'members', label: 'The project’s members' },
                { value: 'admins', label: 'The admins' },
                { value: 'people', label: 'People I choose' },
              ]}
            />
          </FormField>
          {Array.isArray(action.to) ? (
            <PeoplePicker
              idPrefix={`${id}-notified`}
              label="People to notify"
              value={action.to}
              onChange={(ids) => onChange({ ...action, to: ids })}
            />
          ) : null}
          <FormField label="Message" htmlFor={`${id}-message`}>
            <Textarea
              id={`${id}-message`}
              value={action.message}
              onChange={(event) => onChange({ ...action, message: event.target.value })}
            />
          </FormField>
        </div>
      );
    }
    case 'comment':
      return (
        <FormField label="Comment" htmlFor={`${id}-text`}>
          <Textarea
            id={`${id}-text`}
            value={action.text}
            onChange={(event) => onChange({ ...action, text: event.target.value })}
          />
        </FormField>
      );
    case 'webhook':
      return (
        <WebhookField
          id={`${id}-webhook`}
          value={action.webhookId}
          onChange={(webhookId) => onChange({ ...action, webhookId })}
        />
      );
  }
}

/** One of the organization's webhooks (Organization settings, Webhooks): only admins can list them. */
function WebhookField({ id, value, onChange }: { id: string; value: string; onChange: (webhookId: string) => void }) {
  const webhooks = useQuery({ ...webhookQueries.list(), retry: false });
  const hint = webhooks.isError
    ? 'Only administrators can choose a webhook.'
    : webhooks.data?.length === 0
      ? 'Your organization has no webhooks yet. Add one in Organization settings, under Webhooks.'
      : undefined;
  return (
    <FormField label="Webhook" htmlFor={id} hint={hint}>
      <Select
        id={id}
        value={value}
        onValueChange={onChange}
        placeholder={webhooks.isPending ? 'Loading webhooks…' : 'Choose a webhook'}
        disabled={!webhooks.data?.length}
        options={(webhooks.data ?? []).map((webhook) => ({
          value: webhook.id,
          label: webhook.description ? `${webhook.description} (${webhook.url})` : webhook.url,
        }))}
      />
    </FormField>
  );
}
