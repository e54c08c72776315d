import { parseArgs } from 'node:util';
import { useEndpoint } from './local-endpoint';

/**
 * One-off migration for docs/decisions/027: gives every organization's existing projects the index
 * sort keys, word items and membership copies that project writes now write (functions/projects/reindex.ts,
 * docs/decisions/104). Run it
 * once after the deployment that added the project indexes; it is idempotent.
 *   TABLE_NAME=<stack output TableName> npx tsx scripts/index-projects.ts            (AWS credentials of the stage)
 *   npx tsx scripts/index-projects.ts --endpoint http://127.0.0.1:8000              (DynamoDB Local)
 *   ... --org <orgId>                                                                 (one organization)
 */
const { values } = parseArgs({ options: { endpoint: { type: 'string' }, org: { type: 'string' } } });
useEndpoint(values.endpoint);
// functions/db reads TABLE_NAME and the endpoint on import.
const { TABLE_NAME, db } = await import('../functions/db/client');
const { organizationIds } = await import('../functions/projects/recount');
const { reindexOrganization } = await import('../functions/projects/reindex');
const { batchPut } = await import('../infra/local/seed');
let organizations = 0;
for await (const orgId of values.org ? [values.org] : organizationIds()) {
  const result = await reindexOrganization(orgId, (items) => batchPut(db, TABLE_NAME, items));
  organizations += 1;
  console.log(`${orgId}: ${result.updated} of ${result.projects} project(s) updated, ${result.copied} membership copies written`);
}
console.log(`Indexed the projects of ${organizations} organization(s).`);
