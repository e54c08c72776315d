import { parseArgs } from 'node:util';
import { useEndpoint } from './local-endpoint';

/**
 * One-off migration for docs/decisions/037: moves the members of every organization's existing
 * projects from `memberIds` on the project item into the member set and the members' own items
 * (functions/projects/index-members.ts). Run it once after the deployment that added the member
 * sets; it is idempotent. A project skipped because it changed between the read and the write is
 * moved by running it again; one the new code already gave a set keeps that set.
 *   TABLE_NAME=<stack output TableName> npx tsx scripts/index-members.ts            (AWS credentials of the stage)
 *   npx tsx scripts/index-members.ts --endpoint http://127.0.0.1:8000              (DynamoDB Local)
 *   ... --org <orgId>                                                                (one organization)
 */
const { values } = parseArgs({ options: { endpoint: { type: 'string' }, org: { type: 'string' } } });
useEndpoint(values.endpoint);
// functions/db reads TABLE_NAME and the endpoint on import.
const { organizationIds } = await import('../functions/projects/recount');
const { indexMembersOfOrganization } = await import('../functions/projects/index-members');
let organizations = 0;
for await (const orgId of values.org ? [values.org] : organizationIds()) {
  const result = await indexMembersOfOrganization(orgId);
  organizations += 1;
  console.log(
    `${orgId}: members of ${result.moved} of ${result.projects} project(s) moved into member sets, ${result.skipped} skipped`,
  );
}
console.log(`Moved the project members of ${organizations} organization(s).`);
