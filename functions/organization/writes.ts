import { type WriteContext, auditPut } from '../audit-log/entries';
import { TABLE_NAME } from '../db/client';
import { transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { organizationKeys } from './keys';

/** Renames an organization (the caller's: the id comes from the session), with the rename's audit entry. */
export async function renameOrganization(context: WriteContext, from: string, name: string): Promise<void> {
  const { orgId } = context.actor;
  await transactWrite([
    {
      Update: {
        TableName: TABLE_NAME,
        Key: organizationKeys.organization(orgId),
        ...updateExpression({ set: { name } }, { expression: 'attribute_exists(PK)' }),
      },
    },
    auditPut(context, {
      action: 'organization.renamed',
      target: { type: 'organization', id: orgId, label: name },
      details: { from, to: name },
    }),
  ]);
}
