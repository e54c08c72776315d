import { parseArgs } from 'node:util';
import { useEndpoint } from './local-endpoint';

/**
 * One-off migration for docs/decisions/031: gives every organization's existing users the index
 * sort keys and word items that user writes now write, and the organization its user count
 * (functions/user/reindex.ts). Run it once after the deployments that added the user indexes; it
 * is idempotent.
 *   TABLE_NAME=<stack output TableName> npx tsx scripts/index-users.ts            (AWS credentials of the stage)
 *   npx tsx scripts/index-users.ts --endpoint http://127.0.0.1:8000              (DynamoDB Local)
 *   ... --org <orgId>                                                              (one organization)
 */
const { values } = parseArgs({ options: { endpoint: { type: 'string' }, org: { type: 'string' } } });
useEndpoint(values.endpoint);
// functions/db reads TABLE_NAME and the endpoint on import.
const { TABLE_NAME, db } = await import('../functions/db/client');
const { organizationIds } = await import('../functions/projects/recount');
const { reindexUsersOfOrganization } = await import('../functions/user/reindex');
const { batchPut } = await import('../infra/local/seed');
let organizations = 0;
for await (const orgId of values.org ? [values.org] : organizationIds()) {
  const result = await reindexUsersOfOrganization(orgId, (items) => batchPut(db, TABLE_NAME, items));
  organizations += 1;
  console.log(`${orgId}: ${result.updated} of ${result.users} user(s) updated`);
}
console.log(`Indexed the users of ${organizations} organization(s).`);
