import { Refused } from '../domain/errors';
import { signStageToken, verifyStageToken } from '../security/stage-token';

/**
 * The `cursor` of every paged list (GET /api/projects, the organization's users): where the next
 * page starts (a DynamoDB start key), a stage token (functions/security/stage-token.ts) whose
 * subject is the organization and which names the list (which route, its sort, order and filters),
 * so a client can neither aim it at another partition nor reuse it for another list
 * (docs/decisions/027).
 */

export const CURSOR_REFUSED = 'This cursor does not belong to this list. Please start again from the first page.';

/** A start key of a Query: the table's key, and an index's key attributes when the Query was on one. */
export type StartKey = Record<string, string>;

/**
 * `list` names the list a cursor belongs to: the route and everything but the limit (which may
 * change between pages), as JSON-able values in a fixed order.
 */
export function sealCursor(orgId: string, list: readonly unknown[], start: StartKey): Promise<string> {
  return signStageToken('list-cursor', orgId, { list: JSON.stringify(list), start }, undefined);
}

/** The start key a cursor names, or a 400 on `cursor` when it was not sealed for this organization and list. */
export async function openCursor(cursor: string, orgId: string, list: readonly unknown[]): Promise<StartKey> {
  const payload = await verifyStageToken('list-cursor', cursor, ['sub', 'list', 'start']).catch(() => undefined);
  if (
    !payload ||
    payload.sub !== orgId ||
    payload.list !== JSON.stringify(list) ||
    typeof payload.start !== 'object' ||
    payload.start === null
  ) {
    throw new Refused('invalid', CURSOR_REFUSED, { cursor: CURSOR_REFUSED });
  }
  return payload.start as StartKey;
}
