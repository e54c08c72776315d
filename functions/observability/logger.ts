import { Logger } from '@aws-lambda-powertools/logger';
import { declaredStage, logLevel } from '../config';
import { METRICS_SERVICE } from './metric-names';

/**
 * The function's one logger. The level comes from the stage's config (LOG_LEVEL, set by the stack;
 * the tests quieten it to ERROR or SILENT).
 */
export const logger = new Logger({
  serviceName: METRICS_SERVICE,
  environment: declaredStage(),
  logLevel: logLevel() as 'INFO',
});
