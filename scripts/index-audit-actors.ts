import { parseArgs } from 'node:util';
import { useEndpoint } from './local-endpoint';

/**
 * One-off migration for docs/decisions/062: gives every organization's existing audit entries the
 * `auditActorKey` that entries are now written with, so the log's person filter (the
 * `auditByActor` index) finds them (functions/audit-log/reindex.ts). Run it once after the deployment
 * that added the index, with the operator's credentials (the functions may not change audit items);
 * it is idempotent.
 *   TABLE_NAME=<stack output TableName> npx tsx scripts/index-audit-actors.ts     (AWS credentials of the stage)
 *   npx tsx scripts/index-audit-actors.ts --endpoint http://127.0.0.1:8000       (DynamoDB Local)
 *   ... --org <orgId>                                                              (one organization)
 */
const { values } = parseArgs({ options: { endpoint: { type: 'string' }, org: { type: 'string' } } });
useEndpoint(values.endpoint);
// functions/db reads TABLE_NAME and the endpoint on import.
const { organizationIds } = await import('../functions/projects/recount');
const { reindexAuditEntriesOfOrganization } = await import('../functions/audit-log/reindex');
let organizations = 0;
for await (const orgId of values.org ? [values.org] : organizationIds()) {
  const result = await reindexAuditEntriesOfOrganization(orgId);
  organizations += 1;
  console.log(
    `${orgId}: ${result.updated} of ${result.entries} audit entr${result.entries === 1 ? 'y' : 'ies'} given their person key`,
  );
}
console.log(`Indexed the audit entries of ${organizations} organization(s).`);
