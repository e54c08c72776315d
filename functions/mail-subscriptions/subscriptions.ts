import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MailList } from '../../shared/mail-lists';
import { TABLE_NAME, db } from '../db/client';
import { conditionHeld } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { verifyUnsubscribeToken } from '../security/unsubscribe-token';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';

/** Whether a person still gets the mails of a list (absent from their opt-outs). */
export const receivesList = (person: Pick<UserItem, 'mailOptOuts'>, list: MailList) => !person.mailOptOuts?.has(list);

/**
 * Turns a list off or on for the person a signed link names, in one conditional UpdateItem (a
 * person removed since gets nothing written). Undefined for a forged or expired link, or a person
 * who no longer exists: nothing changes then.
 */
export async function setListByLink(
  token: string,
  subscribed: boolean,
): Promise<{ list: MailList; subscribed: boolean } | undefined> {
  const claims = await verifyUnsubscribeToken(token);
  if (!claims) return undefined;
  const change = subscribed
    ? { delete: { mailOptOuts: new Set([claims.list]) } }
    : { add: { mailOptOuts: new Set([claims.list]) } };
  const written = await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: userKeys.user(claims.orgId, claims.userId),
        ...updateExpression(change, { expression: 'attribute_exists(PK)' }),
      }),
    ),
  );
  return written ? { list: claims.list, subscribed } : undefined;
}
