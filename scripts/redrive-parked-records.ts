import { parseArgs } from 'node:util';
import { useEndpoint } from './local-endpoint';

/**
 * Redrives the stream records the fan-out gave up on (docs/runbook.md, Alarms runbook,
 * fan-out-given-up): each is parked again, due at once, and the sweeper tries it within 5 minutes,
 * then later as before (functions/events/parked-records.ts). Harmless to run again.
 *   TABLE_NAME=<stack output TableName> npx tsx scripts/redrive-parked-records.ts   (AWS credentials of the stage)
 *   npx tsx scripts/redrive-parked-records.ts --endpoint http://127.0.0.1:8000     (DynamoDB Local)
 */
const { values } = parseArgs({ options: { endpoint: { type: 'string' } } });
useEndpoint(values.endpoint);
// functions/db reads TABLE_NAME and the endpoint on import.
const { redriveGivenUp } = await import('../functions/events/parked-records');
console.log(`${await redriveGivenUp()} parked record(s) due again now.`);
