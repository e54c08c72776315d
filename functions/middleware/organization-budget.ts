import type { MiddlewareObj } from '@middy/core';
import { tooManyRequests } from '../http/http-error';
import type { LambdaResult, RouteEvent } from '../http/types';
import { countMetric } from '../observability/metrics';
import { spendOrganizationBudget, spendScimBudget } from '../throttles/organization-budget';
import { TOO_MANY_ORGANIZATION_REQUESTS } from '../throttles/rules';

/**
 * Spends one of the organization's requests per minute (its plan's share,
 * functions/capacity/organization-shares.ts): the seconds to wait when the share is spent, counted
 * in OrganizationRequestsRefused; undefined when the request may go on. The organization id goes in
 * the request's log line, never a metric dimension (one per organization would be unbounded).
 */
export async function organizationBudgetRefusal(
  orgId: string,
  plan: string,
  budget: 'members' | 'scim' = 'members',
): Promise<{ retryAfter: number } | undefined> {
  const answer = await (budget === 'scim' ? spendScimBudget : spendOrganizationBudget)(orgId, plan);
  if (answer.allowed) return undefined;
  countMetric('OrganizationRequestsRefused');
  return { retryAfter: answer.retryAfter };
}

/**
 * After the session is loaded, on the routes that require one: past the organization's share, 429
 * with Retry-After, so one organization cannot use the whole stage. SCIM's routes, whose token names
 * the organization, spend a budget of their own, in their own error shape (functions/http/scim-route.ts).
 */
export function organizationBudget(): MiddlewareObj<RouteEvent, LambdaResult> {
  return {
    before: async ({ event }) => {
      const org = event.session?.org;
      if (!org) return;
      const refusal = await organizationBudgetRefusal(org.id, org.plan);
      if (refusal) throw tooManyRequests(TOO_MANY_ORGANIZATION_REQUESTS, refusal.retryAfter);
    },
  };
}
