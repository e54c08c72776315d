import { parseArgs } from 'node:util';
import { useEndpoint } from './local-endpoint';

/**
 * Redrives the mail a crashed or timed-out mailer left 'pending' (docs/runbook.md, Alarms runbook,
 * dead-letters): each such outbox item gets a later try that the sweeper sends within 5 minutes
 * (functions/mailer/redrive.ts). Harmless to run again.
 *   TABLE_NAME=<stack output TableName> npx tsx scripts/redrive-outbox.ts   (AWS credentials of the stage)
 *   npx tsx scripts/redrive-outbox.ts --endpoint http://127.0.0.1:8000     (DynamoDB Local)
 */
const { values } = parseArgs({ options: { endpoint: { type: 'string' } } });
useEndpoint(values.endpoint);
// functions/db reads TABLE_NAME and the endpoint on import.
const { redriveStuckOutboxItems } = await import('../functions/mailer/redrive');
const { scanned, redriven } = await redriveStuckOutboxItems();
for (const id of redriven) console.log(`OUTBOX#${id}: later try due now`);
console.log(`Scanned ${scanned} item(s); ${redriven.length} stuck outbox item(s) redriven.`);
