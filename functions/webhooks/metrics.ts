import { countMetric } from '../observability/metrics';
import type { TryOutcome } from './attempt';

/** The tries of one message or sweep, delivered and failed (the dashboard's webhook widgets). */
export function countTries(tries: TryOutcome[]) {
  const delivered = tries.filter((outcome) => outcome.status === 'delivered').length;
  if (delivered > 0) countMetric('WebhooksDelivered', delivered);
  if (tries.length > delivered) countMetric('WebhookTriesFailed', tries.length - delivered);
}
