import * as z from 'zod/mini';
import { ULID } from '../ids';
import {
  AUTOMATION_ACTIONS_MAX,
  AUTOMATION_DUE_SOON_DAYS_MAX,
  AUTOMATION_MESSAGE_MAX,
  AUTOMATION_NAME_MAX,
  AUTOMATION_PEOPLE_MAX,
} from '../limits';
import { PROJECT_STATUSES } from '../project-statuses';
import { visibleLength } from './fields';

/** What starts an automation (issue 64): a project's change, its due date coming or passing, a comment. */
export const AUTOMATION_TRIGGER_TYPES = [
  'project.created',
  'project.status_changed',
  'project.due_soon',
  'project.overdue',
  'project.member_added',
  'comment.created',
] as const;
export type AutomationTriggerType = (typeof AUTOMATION_TRIGGER_TYPES)[number];

export const AUTOMATION_ACTION_TYPES = [
  'set_status',
  'add_members',
  'remove_members',
  'set_due_date',
  'notify',
  'comment',
  'webhook',
] as const;
export type AutomationActionType = (typeof AUTOMATION_ACTION_TYPES)[number];

export const AUTOMATION_RUN_OUTCOMES = ['succeeded', 'failed', 'skipped', 'stopped'] as const;
export type AutomationRunOutcome = (typeof AUTOMATION_RUN_OUTCOMES)[number];

const NAME_REQUIRED = 'Automation name is required';
const STATUS_MESSAGE = 'Status must be one of planning, in_progress, completed, on_hold';
const MEMBERS_MESSAGE = 'Member ids must be user ids';
const TRIGGER_MESSAGE =
  'Trigger must be one of project.created, project.status_changed, project.due_soon, project.overdue, project.member_added, comment.created';
const ACTION_MESSAGE = 'Action must be one of set_status, add_members, remove_members, set_due_date, notify, comment, webhook';
const WEBHOOK_MESSAGE = 'Choose a webhook';

const status = /* @__PURE__ */ (() => z.enum(PROJECT_STATUSES, { error: () => STATUS_MESSAGE }))();
const memberIds = /* @__PURE__ */ (() =>
  z
    .array(z.string({ error: MEMBERS_MESSAGE }).check(z.regex(ULID, MEMBERS_MESSAGE)), { error: MEMBERS_MESSAGE })
    .check(
      z.minLength(1, 'Choose at least one person'),
      z.maxLength(AUTOMATION_PEOPLE_MAX, `An action can name at most ${AUTOMATION_PEOPLE_MAX} people`),
    ))();
/** A message or a comment's text: at least one visible character. */
const text = (what: string) =>
  z.string({ error: `${what} is required` }).check(
    z.trim(),
    z.refine((value) => visibleLength(value) > 0, { message: `${what} is required` }),
    z.maxLength(AUTOMATION_MESSAGE_MAX, `${what} must be at most 1,000 characters`),
  );

export const automationTrigger = /* @__PURE__ */ (() =>
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('project.created') }),
      z.object({ type: z.literal('project.status_changed'), from: z.optional(status), to: z.optional(status) }),
      z.object({
        type: z.literal('project.due_soon'),
        days: z
          .number({ error: `Days must be a whole number from 1 to ${AUTOMATION_DUE_SOON_DAYS_MAX}` })
          .check(
            z.int({ error: `Days must be a whole number from 1 to ${AUTOMATION_DUE_SOON_DAYS_MAX}` }),
            z.gte(1, `Days must be a whole number from 1 to ${AUTOMATION_DUE_SOON_DAYS_MAX}`),
            z.lte(AUTOMATION_DUE_SOON_DAYS_MAX, `Days must be a whole number from 1 to ${AUTOMATION_DUE_SOON_DAYS_MAX}`),
          ),
      }),
      z.object({ type: z.literal('project.overdue') }),
      z.object({ type: z.literal('project.member_added') }),
      z.object({ type: z.literal('comment.created'), contains: z.optional(text('The words to look for')) }),
    ],
    { error: TRIGGER_MESSAGE },
  ))();
export type AutomationTrigger = z.infer<typeof automationTrigger>;

/** All must hold for the actions to run; none: they always run. */
export const automationConditions = /* @__PURE__ */ (() =>
  z.object({
    statusIn: z.optional(z.array(status).check(z.minLength(1, 'Choose at least one status'))),
    nameContains: z.optional(text('The words to look for')),
    hasDueDate: z.optional(z.boolean({ error: 'hasDueDate must be true or false' })),
    hasNoMembers: z.optional(z.boolean({ error: 'hasNoMembers must be true or false' })),
  }))();
export type AutomationConditions = z.infer<typeof automationConditions>;

const notifyTo = /* @__PURE__ */ (() =>
  z.union([z.literal('members'), z.literal('admins'), memberIds], {
    error: "Notify 'members', 'admins' or a list of user ids",
  }))();

export const automationAction = /* @__PURE__ */ (() =>
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('set_status'), status }),
      z.object({ type: z.literal('add_members'), memberIds }),
      z.object({ type: z.literal('remove_members'), memberIds }),
      z.object({
        type: z.literal('set_due_date'),
        daysFromNow: z
          .number({ error: 'Days from now must be a whole number from 0 to 365' })
          .check(z.int({ error: 'Days from now must be a whole number from 0 to 365' }), z.gte(0), z.lte(365)),
      }),
      z.object({ type: z.literal('notify'), to: notifyTo, message: text('Message') }),
      z.object({ type: z.literal('comment'), text: text('Comment') }),
      // Posts the rule's event to one of the organization's endpoints (issue 65, item 4).
      z.object({
        type: z.literal('webhook'),
        webhookId: z.string({ error: WEBHOOK_MESSAGE }).check(z.regex(ULID, WEBHOOK_MESSAGE)),
      }),
    ],
    { error: ACTION_MESSAGE },
  ))();
export type AutomationAction = z.infer<typeof automationAction>;

const name = /* @__PURE__ */ (() =>
  z.string({ error: NAME_REQUIRED }).check(
    z.trim(),
    z.normalize('NFC'),
    z.refine((value) => visibleLength(value) > 0, { message: NAME_REQUIRED }),
    z.maxLength(AUTOMATION_NAME_MAX, `Automation name must be at most ${AUTOMATION_NAME_MAX} characters`),
  ))();
const actions = /* @__PURE__ */ (() =>
  z
    .array(automationAction, { error: 'actions must be a list' })
    .check(
      z.minLength(1, 'Add at least one action'),
      z.maxLength(AUTOMATION_ACTIONS_MAX, `An automation can have at most ${AUTOMATION_ACTIONS_MAX} actions`),
    ))();
const projectId = /* @__PURE__ */ (() =>
  z.nullable(
    z.string({ error: 'projectId must be a project id or null' }).check(z.regex(ULID, 'projectId must be a project id or null')),
  ))();

/** POST /api/automations: a project's rule (projectId), or the organization's (null: admins only). */
export const createAutomationRequest = /* @__PURE__ */ (() =>
  z.object({
    name,
    projectId,
    enabled: z._default(z.boolean({ error: 'enabled must be true or false' }), true),
    trigger: automationTrigger,
    conditions: z._default(automationConditions, {}),
    actions,
  }))();
export type CreateAutomationRequest = z.input<typeof createAutomationRequest>;

/** PATCH /api/automations/{id}: any field but where the rule applies. */
export const updateAutomationRequest = /* @__PURE__ */ (() =>
  z.object({
    name: z.optional(name),
    enabled: z.optional(z.boolean({ error: 'enabled must be true or false' })),
    trigger: z.optional(automationTrigger),
    conditions: z.optional(automationConditions),
    actions: z.optional(actions),
  }))();
export type UpdateAutomationRequest = z.infer<typeof updateAutomationRequest>;

/** GET /api/automations?projectId=…: the project's rules and the organization's; without it, the organization's. */
export const automationListQuery = /* @__PURE__ */ (() =>
  z.object({ projectId: z.optional(z.string().check(z.regex(ULID, 'projectId must be a project id'))) }))();

const lastRun = /* @__PURE__ */ (() => z.nullable(z.object({ at: z.string(), outcome: z.enum(AUTOMATION_RUN_OUTCOMES) })))();

export const automationResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    name: z.string(),
    projectId: z.nullable(z.string()),
    enabled: z.boolean(),
    trigger: automationTrigger,
    conditions: automationConditions,
    actions: z.array(automationAction),
    createdAt: z.string(),
    updatedAt: z.string(),
    lastRun,
  }))();
export type AutomationResponse = z.infer<typeof automationResponse>;

export const automationListResponse = /* @__PURE__ */ (() => z.object({ automations: z.array(automationResponse) }))();
export type AutomationListResponse = z.infer<typeof automationListResponse>;

export const deletedAutomationResponse = /* @__PURE__ */ (() => z.object({ id: z.string() }))();

/** One action of a run, as it went. */
const runAction = /* @__PURE__ */ (() =>
  z.object({
    type: z.enum(AUTOMATION_ACTION_TYPES),
    outcome: z.enum(['succeeded', 'failed', 'skipped']),
    detail: z.nullable(z.string()),
  }))();

export const automationRunResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    eventId: z.string(),
    projectId: z.nullable(z.string()),
    at: z.string(),
    outcome: z.enum(AUTOMATION_RUN_OUTCOMES),
    detail: z.nullable(z.string()),
    actions: z.array(runAction),
  }))();
export type AutomationRunResponse = z.infer<typeof automationRunResponse>;

export const automationRunPageQuery = /* @__PURE__ */ (() => z.object({ cursor: z.optional(z.string()) }))();
export const automationRunPageResponse = /* @__PURE__ */ (() =>
  z.object({ runs: z.array(automationRunResponse), nextCursor: z.nullable(z.string()) }))();
export type AutomationRunPageResponse = z.infer<typeof automationRunPageResponse>;
