import { ORG, keyOf } from '../db/keys';
import type { AutomationBudgetItem, AutomationItem, AutomationRunItem, AutomationScopeCountItem, DueSoonRulesItem } from './item';

/**
 * An organization's automations live in a partition of their own beside its main one, each rule
 * twice: by id (`RULE#`) and where an event finds it (`MATCH#<scope>#<trigger>#<id>`), so evaluating
 * an event reads only the rules of its trigger in its project and in the organization: two Queries
 * however many rules there are (issue 64). Runs are in the rule's own partition, newest last.
 */
const automations = (orgId: string) => `${ORG}${orgId}#AUTOMATIONS`;
const MATCH = 'MATCH#';
const DUE_SOON_RULES = 'DUE_SOON_RULES#';

/** Where a rule applies: one project, or the whole organization. */
export const scopeOf = (projectId: string | null) => (projectId ? `PROJECT#${projectId}` : 'ORGANIZATION');

/** The keys of automations (docs/data-model.md, Automations). */
export const automationKeys = {
  rule: (orgId: string, ruleId: string) => keyOf<AutomationItem>(automations(orgId), `RULE#${ruleId}`),
  /** The rule's copy an event of its trigger finds. */
  match: (orgId: string, scope: string, trigger: string, ruleId: string) =>
    keyOf<AutomationItem>(automations(orgId), `${MATCH}${scope}#${trigger}#${ruleId}`),
  /** How many rules a scope holds (at most AUTOMATIONS_PER_SCOPE_MAX). */
  scopeCount: (orgId: string, scope: string) => keyOf<AutomationScopeCountItem>(automations(orgId), `COUNT#${scope}`),
  /** The runs started in one minute (the organization's budget of runs: functions/automations/budget.ts). */
  budget: (orgId: string, minute: string) => keyOf<AutomationBudgetItem>(automations(orgId), `RUNS#${minute}`),
  /**
   * How many of an organization's rules start N days before a due date (`d<N>` counts), in one
   * partition of every organization: the daily run reads it to know whose projects to look at (functions/automations/due-soon.ts).
   */
  dueSoonRules: (orgId: string) => keyOf<DueSoonRulesItem>(DUE_SOON_RULES, `${ORG}${orgId}`),
  /** One event's run of one rule: written once however often the event is delivered. */
  run: (orgId: string, ruleId: string, eventId: string) =>
    keyOf<AutomationRunItem>(`${ORG}${orgId}#AUTOMATION#${ruleId}`, `RUN#${eventId}`),
} as const;

/** Partitions and sort-key prefixes for Queries. */
export const automationCollections = {
  /** The rules of one scope (a project's, or the organization's). */
  rulesOfScope: (orgId: string, scope: string) => ({ PK: automations(orgId), prefix: `${MATCH}${scope}#` }),
  /** The rules of one scope an event of one trigger can start. */
  rulesOfTrigger: (orgId: string, scope: string, trigger: string) => ({
    PK: automations(orgId),
    prefix: `${MATCH}${scope}#${trigger}#`,
  }),
  /** Every organization with due-soon rules. */
  dueSoonRules: () => ({ PK: DUE_SOON_RULES, prefix: ORG }),
  /** A rule's runs, by their events' ids (ULIDs: in time order). */
  runsOfRule: (orgId: string, ruleId: string) => ({ PK: `${ORG}${orgId}#AUTOMATION#${ruleId}`, prefix: 'RUN#' }),
} as const;
