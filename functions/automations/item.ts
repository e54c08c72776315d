import { ulid } from 'ulid';
import type {
  AutomationAction,
  AutomationConditions,
  AutomationResponse,
  AutomationRunOutcome,
  AutomationRunResponse,
  AutomationTrigger,
  CreateAutomationRequest,
} from '../../shared/schemas/automations';
import type { AutomationActionType } from '../../shared/schemas/automations';

/** A rule (issue 64), stored twice (functions/automations/keys.ts): by id, and where its events find it. */
export interface AutomationItem {
  type: 'AUTOMATION';
  id: string;
  orgId: string;
  name: string;
  projectId: string | null;
  enabled: boolean;
  trigger: AutomationTrigger;
  conditions: AutomationConditions;
  actions: AutomationAction[];
  createdAt: string;
  updatedAt: string;
  /** Who made it, for the audit entry of its later changes. */
  createdBy: string;
  lastRun?: { at: string; outcome: AutomationRunOutcome };
}

export interface AutomationScopeCountItem {
  count: number;
}

/** `d<N>`: how many of the organization's rules start N days before a due date. */
export interface DueSoonRulesItem {
  orgId: string;
  [days: `d${number}`]: number;
}

export interface AutomationBudgetItem {
  runs: number;
  ttl: number;
}

/** How one action of a run went. */
export interface RunActionRecord {
  type: AutomationActionType;
  outcome: 'succeeded' | 'failed' | 'skipped';
  detail: string | null;
}

/**
 * One event's run of one rule. `done` counts the actions written so far: each action's writes and the
 * step of `done` go in one transaction, so a redelivered event goes on from the next action and none
 * is done twice. `outcome` is set when the run ends.
 */
export interface AutomationRunItem {
  type: 'AUTOMATION_RUN';
  id: string;
  ruleId: string;
  eventId: string;
  projectId: string | null;
  at: string;
  done: number;
  actions: RunActionRecord[];
  outcome?: AutomationRunOutcome;
  detail?: string | null;
  ttl: number;
}

export const newAutomationId = (at: Date) => ulid(at.getTime());

export function newAutomation(
  orgId: string,
  input: ReturnType<typeof normalizedRequest>,
  createdBy: string,
  at: Date,
): AutomationItem {
  return {
    type: 'AUTOMATION',
    id: newAutomationId(at),
    orgId,
    ...input,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
    createdBy,
  };
}

/** The request's fields as stored (defaults applied by the schema). */
export const normalizedRequest = (input: CreateAutomationRequest) => ({
  name: input.name,
  projectId: input.projectId,
  enabled: input.enabled ?? true,
  trigger: input.trigger,
  conditions: input.conditions ?? {},
  actions: input.actions,
});

export const toAutomationResponse = (item: AutomationItem): AutomationResponse => ({
  id: item.id,
  name: item.name,
  projectId: item.projectId,
  enabled: item.enabled,
  trigger: item.trigger,
  conditions: item.conditions,
  actions: item.actions,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
  lastRun: item.lastRun ?? null,
});

export const toRunResponse = (run: AutomationRunItem): AutomationRunResponse => ({
  id: run.id,
  eventId: run.eventId,
  projectId: run.projectId,
  at: run.at,
  // A run still under way reads as failed only once it ends; until then its actions so far show.
  outcome: run.outcome ?? 'failed',
  detail: run.outcome ? (run.detail ?? null) : 'Still running',
  actions: run.actions,
});
