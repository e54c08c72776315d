import { PROJECT_STATUS_LABELS, type ProjectStatus } from '@shared/project-statuses';
import type {
  AutomationAction,
  AutomationConditions,
  AutomationTrigger,
  AutomationTriggerType,
  CreateAutomationRequest,
} from '@shared/schemas/automations';

/** Each trigger, as the builder offers it. */
export const TRIGGER_LABELS: Record<AutomationTriggerType, string> = {
  'project.created': 'A project is created',
  'project.status_changed': 'The status changes',
  'project.due_soon': 'The due date is coming',
  'project.overdue': 'A project becomes overdue',
  'project.member_added': 'Someone is added to the project',
  'comment.created': 'Someone comments',
};

export const ACTION_LABELS: Record<AutomationAction['type'], string> = {
  set_status: 'Set the status',
  add_members: 'Add people',
  remove_members: 'Remove people',
  set_due_date: 'Set the due date',
  notify: 'Send a notification',
  comment: 'Post a comment',
  webhook: 'Send to a webhook',
};

const status = (value: ProjectStatus) => PROJECT_STATUS_LABELS[value];

/** 'When the status becomes Completed', in a sentence. */
export function triggerSentence(trigger: AutomationTrigger): string {
  switch (trigger.type) {
    case 'project.created':
      return 'When a project is created';
    case 'project.status_changed':
      if (trigger.from && trigger.to) return `When the status goes from ${status(trigger.from)} to ${status(trigger.to)}`;
      if (trigger.to) return `When the status becomes ${status(trigger.to)}`;
      if (trigger.from) return `When the status leaves ${status(trigger.from)}`;
      return 'When the status changes';
    case 'project.due_soon':
      return `When the due date is ${trigger.days} ${trigger.days === 1 ? 'day' : 'days'} away`;
    case 'project.overdue':
      return 'When a project is overdue';
    case 'project.member_added':
      return 'When someone is added to the project';
    case 'comment.created':
      return trigger.contains ? `When a comment contains “${trigger.contains}”` : 'When someone comments';
  }
}

/** The conditions in words; empty when there are none. */
export function conditionWords(conditions: AutomationConditions): string[] {
  const words: string[] = [];
  if (conditions.statusIn?.length) words.push(`the status is ${conditions.statusIn.map(status).join(' or ')}`);
  if (conditions.nameContains) words.push(`the name contains “${conditions.nameContains}”`);
  if (conditions.hasDueDate) words.push('it has a due date');
  if (conditions.hasNoMembers) words.push('it has no members');
  return words;
}

export function actionSentence(action: AutomationAction): string {
  switch (action.type) {
    case 'set_status':
      return `set the status to ${status(action.status)}`;
    case 'add_members':
      return `add ${action.memberIds.length} ${action.memberIds.length === 1 ? 'person' : 'people'}`;
    case 'remove_members':
      return `remove ${action.memberIds.length} ${action.memberIds.length === 1 ? 'person' : 'people'}`;
    case 'set_due_date':
      return `set the due date ${action.daysFromNow} ${action.daysFromNow === 1 ? 'day' : 'days'} from then`;
    case 'notify':
      return action.to === 'members'
        ? 'notify the members'
        : action.to === 'admins'
          ? 'notify the admins'
          : `notify ${action.to.length} ${action.to.length === 1 ? 'person' : 'people'}`;
    case 'comment':
      return 'post a comment';
    case 'webhook':
      return 'send it to a webhook';
  }
}

/** The whole rule in one line: 'When …, if …, then … and …'. */
export function ruleSentence(rule: Pick<CreateAutomationRequest, 'trigger' | 'conditions' | 'actions'>): string {
  const conditions = conditionWords(rule.conditions ?? {});
  const actions = rule.actions.map(actionSentence);
  return `${triggerSentence(rule.trigger)}${conditions.length ? `, if ${conditions.join(' and ')}` : ''}, ${actions.join(', then ')}.`;
}

export type AutomationDraft = Omit<CreateAutomationRequest, 'projectId' | 'enabled'>;

/** The gallery of the builder's first step (issue 64): the automations people ask for most. */
export const AUTOMATION_PRESETS: { title: string; draft: AutomationDraft }[] = [
  {
    title: 'When the status becomes Completed, comment and notify the members',
    draft: {
      name: 'Wrap up a completed project',
      trigger: { type: 'project.status_changed', to: 'completed' },
      conditions: {},
      actions: [
        { type: 'comment', text: 'This project is complete. Thank you, everyone!' },
        { type: 'notify', to: 'members', message: 'The project is complete.' },
      ],
    },
  },
  {
    title: 'When a project is created, add people',
    draft: {
      name: 'Add the team to new projects',
      trigger: { type: 'project.created' },
      conditions: {},
      actions: [{ type: 'add_members', memberIds: [] }],
    },
  },
  {
    title: 'When the due date is 3 days away and the status is Planning, notify the members',
    draft: {
      name: 'Still planning 3 days before the due date',
      trigger: { type: 'project.due_soon', days: 3 },
      conditions: { statusIn: ['planning'] },
      actions: [{ type: 'notify', to: 'members', message: 'The due date is 3 days away and the project is still in Planning.' }],
    },
  },
  {
    title: 'When a comment contains "approved", set the status to In Progress',
    draft: {
      name: 'Start work once approved',
      trigger: { type: 'comment.created', contains: 'approved' },
      conditions: {},
      actions: [{ type: 'set_status', status: 'in_progress' }],
    },
  },
  {
    title: 'When a project is overdue, notify the admins',
    draft: {
      name: 'Tell the admins about overdue projects',
      trigger: { type: 'project.overdue' },
      conditions: {},
      actions: [{ type: 'notify', to: 'admins', message: 'A project is overdue.' }],
    },
  },
];

export const EMPTY_DRAFT: AutomationDraft = {
  name: '',
  trigger: { type: 'project.status_changed' },
  conditions: {},
  actions: [{ type: 'comment', text: '' }],
};

/** A new action of a type, with its fields empty. */
export function newAction(type: AutomationAction['type']): AutomationAction {
  switch (type) {
    case 'set_status':
      return { type, status: 'in_progress' };
    case 'add_members':
    case 'remove_members':
      return { type, memberIds: [] };
    case 'set_due_date':
      return { type, daysFromNow: 7 };
    case 'notify':
      return { type, to: 'members', message: '' };
    case 'comment':
      return { type, text: '' };
    case 'webhook':
      return { type, webhookId: '' };
  }
}

/** A trigger of a type, with its options empty. */
export function newTrigger(type: AutomationTriggerType): AutomationTrigger {
  return type === 'project.due_soon' ? { type, days: 3 } : ({ type } as AutomationTrigger);
}
