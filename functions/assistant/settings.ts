import { type WriteContext, auditPut } from '../audit-log/entries';
import { TABLE_NAME } from '../db/client';
import { transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { organizationKeys } from '../organization/keys';
import { userKeys } from '../user/keys';

/**
 * Turns the assistant on or off for the organization (the caller's), with its audit entry; held to
 * the actor still being an admin in the same transaction. Off, its routes answer 403 and the web
 * shows none of its buttons (docs/decisions/116).
 */
export async function setAssistantEnabled(context: WriteContext, org: { id: string; name: string }, enabled: boolean) {
  const { actor } = context;
  await transactWrite([
    {
      ConditionCheck: {
        TableName: TABLE_NAME,
        Key: userKeys.user(actor.orgId, actor.id),
        ConditionExpression: '#role = :admin',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':admin': 'admin' },
      },
    },
    {
      Update: {
        TableName: TABLE_NAME,
        Key: organizationKeys.organization(actor.orgId),
        ...updateExpression({ set: { assistantOff: !enabled } }, { expression: 'attribute_exists(PK)' }),
      },
    },
    auditPut(context, {
      action: 'organization.assistant_changed',
      target: { type: 'organization', id: org.id, label: org.name },
      details: { assistantEnabled: enabled },
    }),
  ]);
}
