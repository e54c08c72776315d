import { countMetric } from '../observability/metrics';
import type { OrganizationItem } from '../organization/item';
import { recordTokens, reserveGeneration } from './allowance';
import { requireAssistantOn } from './availability';
import { chooseProvider } from './choose-provider';
import type { AssistantTask } from './provider';

/**
 * One generation for the session's organization: refused while the assistant is off (403) or past
 * the day's allowance (429), counted on the organization's item and in the metrics (counts only:
 * the prompt and the text are kept nowhere), written by the stage's provider. `task` is read beside
 * the reservation, so a refused request costs no model call and no more waiting than its reads.
 */
export async function generate<T extends AssistantTask>(org: OrganizationItem, task: () => Promise<T>) {
  requireAssistantOn(org);
  const [, input] = await Promise.all([reserveGeneration(org), task()]);
  const provider = chooseProvider();
  const written = await provider.write(input);
  await recordTokens(org.id, written.tokens);
  countMetric('AssistantGenerations');
  return { input, text: written.text, provider: provider.name, model: provider.model };
}
