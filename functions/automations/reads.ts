import { ULID } from '../../shared/ids';
import { AUTOMATION_RUN_PAGE_SIZE } from '../../shared/limits';
import type { AutomationRunPageResponse, AutomationTriggerType } from '../../shared/schemas/automations';
import { newestFirstPage } from '../db/newest-first-page';
import { queryCollection } from '../db/query-collection';
import { getItem } from '../db/reads';
import type { AutomationItem, AutomationRunItem } from './item';
import { toRunResponse } from './item';
import { automationCollections, automationKeys, scopeOf } from './keys';

export const readAutomation = (orgId: string, ruleId: string, { consistentRead = false } = {}) =>
  getItem(automationKeys.rule(orgId, ruleId), { consistentRead });

/** The rules of a project and then the organization's (or the organization's alone): a Query each, at most AUTOMATIONS_PER_SCOPE_MAX items. */
export async function automationsThatApply(orgId: string, projectId: string | undefined): Promise<AutomationItem[]> {
  const scopes = [...(projectId ? [scopeOf(projectId)] : []), scopeOf(null)];
  const found = await Promise.all(
    // Strongly: the list is read again right after the person's own change of a rule.
    scopes.map((scope) =>
      queryCollection<AutomationItem>(automationCollections.rulesOfScope(orgId, scope), { consistentRead: true }),
    ),
  );
  // Each scope's copies sort by trigger, then id: shown oldest first within the scope.
  return found.flatMap((rules) => rules.sort((a, b) => a.id.localeCompare(b.id)));
}

/**
 * The rules an event of `trigger` on `projectId` can start: the project's and the organization's of
 * that trigger, read strongly (a rule just made acts on the next change). Two Queries, whatever the
 * number of rules the organization holds (issue 64's budget).
 */
export async function rulesOfTrigger(
  orgId: string,
  projectId: string,
  trigger: AutomationTriggerType,
): Promise<AutomationItem[]> {
  const found = await Promise.all(
    [scopeOf(projectId), scopeOf(null)].map((scope) =>
      queryCollection<AutomationItem>(automationCollections.rulesOfTrigger(orgId, scope, trigger), { consistentRead: true }),
    ),
  );
  return found.flat();
}

/** A project's own rules (deleted with it). */
export const rulesOfProject = (orgId: string, projectId: string) =>
  queryCollection<AutomationItem>(automationCollections.rulesOfScope(orgId, scopeOf(projectId)), { consistentRead: true });

/** One page of a rule's runs, newest first: one Query; the cursor is sealed to the rule (functions/db/list-cursor.ts). */
export async function listRuns(orgId: string, ruleId: string, cursor: string | undefined): Promise<AutomationRunPageResponse> {
  const page = await newestFirstPage<AutomationRunItem>(
    orgId,
    ['automation-runs', ruleId],
    automationCollections.runsOfRule(orgId, ruleId),
    AUTOMATION_RUN_PAGE_SIZE,
    cursor,
  );
  return { runs: page.items.map(toRunResponse), nextCursor: page.nextCursor };
}

/** For RouteOptions.preload: the rule the path names, in the session's organization (another's is not found). */
export const preloadAutomation = ({ orgId, params }: { orgId: string; params: Record<string, string> }) =>
  ULID.test(params.id ?? '') ? ([automationKeys.rule(orgId, params.id!)] as const) : undefined;
