import type { MiddlewareObj } from '@middy/core';
import { tooManyRequests } from '../http/http-error';
import type { LambdaResult, RouteEvent } from '../http/types';
import { countMetric } from '../observability/metrics';
import { TOO_MANY_ORGANIZATION_REQUESTS } from '../throttles/rules';
import { spendOrganizationBudget } from '../throttles/organization-budget';

/**
 * After the session is loaded, on the routes that require one: a request spends one of its organization's
 * requests per minute (its plan's share, functions/capacity/organization-shares.ts); past it, 429
 * with Retry-After, so one organization cannot use the whole stage. The organization id goes in
 * the request's log line, never a metric dimension (one per organization would be unbounded).
 */
export function organizationBudget(): MiddlewareObj<RouteEvent, LambdaResult> {
  return {
    before: async ({ event }) => {
      const org = event.session?.org;
      if (!org) return;
      const answer = await spendOrganizationBudget(org.id, org.plan);
      if (answer.allowed) return;
      countMetric('OrganizationRequestsRefused');
      throw tooManyRequests(TOO_MANY_ORGANIZATION_REQUESTS, answer.retryAfter);
    },
  };
}
