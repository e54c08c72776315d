import { MetricUnit, Metrics } from '@aws-lambda-powertools/metrics';
import { stage } from '../config';
import { type BusinessMetric, METRICS_SERVICE, metricsNamespace } from './metric-names';
import { requestScoped } from './request-scope';

/** The function's one Metrics instance (CloudWatch embedded metric format on stdout). */
export const metrics = new Metrics({ namespace: metricsNamespace(stage()), serviceName: METRICS_SERVICE });

/**
 * The request's counts, kept per request and handed to Powertools only when it ends, in one
 * synchronous step: the local emulator serves concurrent requests from one module instance, and
 * one request must not flush another's half-counted metrics.
 */
const counted = requestScoped<Map<BusinessMetric, number>>();

export const runCountingMetrics = <T>(fn: () => Promise<T>) => counted.run(new Map(), fn);

/** Counts a business event of the current request, e.g. `countMetric('SignInsSucceeded')`. */
export function countMetric(name: BusinessMetric, count = 1) {
  const request = counted.get();
  if (request) request.set(name, (request.get(name) ?? 0) + count);
  else metrics.addMetric(name, MetricUnit.Count, count);
}

/**
 * Writes the request's metrics as one EMF line, with the API Gateway request id as metadata (so a
 * figure leads to its log line); nothing at all when the request counted nothing.
 */
export function publishMetrics(correlationId: string) {
  for (const [name, count] of counted.get() ?? []) metrics.addMetric(name, MetricUnit.Count, count);
  if (!metrics.hasStoredMetrics()) return;
  metrics.addMetadata('correlationId', correlationId);
  metrics.publishStoredMetrics();
}
