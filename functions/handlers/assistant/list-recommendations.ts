import * as assistantEndpoints from '../../../shared/contract/assistant';
import { namesOf, recommendationSources } from '../../assistant/recommendation-reads';
import { busiestPeople, recommendationsOf } from '../../assistant/recommendation-rules';
import { today } from '../../clock';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/**
 * No model: rules over bounded reads (functions/assistant/recommendation-reads.ts), the same cost at
 * 10 projects as at 50,000. It sends nothing anywhere, so it stays while the assistant is off.
 */
export const handler = defineRoute(assistantEndpoints.recommendations, async ({ session }) => {
  const orgId = session.org.id;
  const sources = await recommendationSources(orgId, today());
  const busy = busiestPeople(sources);
  const names = await namesOf(
    orgId,
    busy.map((person) => person.userId),
  );
  return ok({ recommendations: recommendationsOf(sources, busy, names) });
});
