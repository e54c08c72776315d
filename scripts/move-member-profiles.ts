import { parseArgs } from 'node:util';
import { useEndpoint } from './local-endpoint';

/**
 * One-off migration for docs/decisions/103: gives every current membership of every organization
 * its member's profile copy and its place in the membersOfProject index, and takes the copies out of
 * the member sets (functions/projects/member-profiles.ts). Run it once after the deployment that
 * added the index; it is idempotent. Until it has run, the detail reads the members without a copy
 * by key, as before the copies.
 *   TABLE_NAME=<stack output TableName> npx tsx scripts/move-member-profiles.ts     (AWS credentials of the stage)
 *   npx tsx scripts/move-member-profiles.ts --endpoint http://127.0.0.1:8000       (DynamoDB Local)
 *   ... --org <orgId>                                                                (one organization)
 */
const { values } = parseArgs({ options: { endpoint: { type: 'string' }, org: { type: 'string' } } });
useEndpoint(values.endpoint);
// functions/db reads TABLE_NAME and the endpoint on import.
const { organizationIds } = await import('../functions/projects/recount');
const { moveProfileCopiesOfOrganization } = await import('../functions/projects/member-profiles');
let organizations = 0;
for await (const orgId of values.org ? [values.org] : organizationIds()) {
  const result = await moveProfileCopiesOfOrganization(orgId);
  organizations += 1;
  console.log(
    `${orgId}: ${result.copied} copies onto memberships, ${result.emptied} of ${result.sets} member set(s) emptied of copies`,
  );
}
console.log(`Moved the member copies of ${organizations} organization(s).`);
