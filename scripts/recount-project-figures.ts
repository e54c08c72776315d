import { parseArgs } from 'node:util';
import { useEndpoint } from './local-endpoint';

/**
 * One-off repair: sets every organization's project counters (`ORG#o/FIGURES#PROJECTS`: by status and
 * by week created) to a recount of its projects, removes what earlier versions kept there, and gives
 * older activity entries their place in the organization feed (docs/decisions/032). Run it once
 * after the deployment that moved the counters to the stream consumer, with the stream drained; it
 * is idempotent (absolute values), so running it again is harmless.
 *   TABLE_NAME=<stack output TableName> npx tsx scripts/recount-project-figures.ts            (AWS credentials of the stage)
 *   npx tsx scripts/recount-project-figures.ts --endpoint http://127.0.0.1:8000              (DynamoDB Local)
 *   ... --org <orgId>                                                                          (one organization)
 */
const { values } = parseArgs({ options: { endpoint: { type: 'string' }, org: { type: 'string' } } });
useEndpoint(values.endpoint);
// functions/db reads TABLE_NAME and the endpoint on import.
const { organizationIds, recountOrganization } = await import('../functions/projects/recount');
let organizations = 0;
for await (const orgId of values.org ? [values.org] : organizationIds()) {
  const counts = await recountOrganization(orgId);
  organizations += 1;
  console.log(`${orgId}: ${JSON.stringify(counts)}`);
}
console.log(`Recounted ${organizations} organization(s).`);
