import { parseArgs } from 'node:util';
import { useEndpoint } from './local-endpoint';

/**
 * One-off repair: sets every organization's count of members without two-factor (the organization
 * item's `membersWithoutTwoFactor`, docs/decisions/054) to a recount of its users. Run it once after
 * the deployment that added the count, with the stream drained; it is idempotent (absolute values).
 *   TABLE_NAME=<stack output TableName> npx tsx scripts/recount-members-without-two-factor.ts   (AWS credentials of the stage)
 *   npx tsx scripts/recount-members-without-two-factor.ts --endpoint http://127.0.0.1:8000     (DynamoDB Local)
 *   ... --org <orgId>                                                                           (one organization)
 */
const { values } = parseArgs({ options: { endpoint: { type: 'string' }, org: { type: 'string' } } });
useEndpoint(values.endpoint);
// functions/db reads TABLE_NAME and the endpoint on import.
const { organizationIds } = await import('../functions/projects/recount');
const { recountMembersWithoutTwoFactor } = await import('../functions/user/recount-members-without-two-factor');
let organizations = 0;
for await (const orgId of values.org ? [values.org] : organizationIds()) {
  console.log(`${orgId}: ${await recountMembersWithoutTwoFactor(orgId)} member(s) without two-factor`);
  organizations += 1;
}
console.log(`Recounted ${organizations} organization(s).`);
