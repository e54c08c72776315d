import { parseArgs } from 'node:util';
import { useEndpoint } from './local-endpoint';

/**
 * One-off migration for docs/decisions/041: marks `unverified` the addresses held by registrations
 * from before it whose owner never followed the verification link, so they stop blocking
 * invitations and Add User (functions/user/mark-unverified-addresses.ts). Run it once after the
 * deployment that added the flag; it is idempotent.
 *   TABLE_NAME=<stack output TableName> npx tsx scripts/mark-unverified-addresses.ts   (AWS credentials of the stage)
 *   npx tsx scripts/mark-unverified-addresses.ts --endpoint http://127.0.0.1:8000     (DynamoDB Local)
 *   ... --org <orgId>                                                                   (one organization)
 */
const { values } = parseArgs({ options: { endpoint: { type: 'string' }, org: { type: 'string' } } });
useEndpoint(values.endpoint);
// functions/db reads TABLE_NAME and the endpoint on import.
const { organizationIds } = await import('../functions/projects/recount');
const { markUnverifiedAddressesOfOrganization } = await import('../functions/user/mark-unverified-addresses');
let organizations = 0;
let marked = 0;
for await (const orgId of values.org ? [values.org] : organizationIds()) {
  const result = await markUnverifiedAddressesOfOrganization(orgId);
  organizations += 1;
  marked += result.marked;
  console.log(`${orgId}: ${result.marked} of ${result.candidates} unverified registration address(es) marked`);
}
console.log(`Marked ${marked} address(es) in ${organizations} organization(s).`);
