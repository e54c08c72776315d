import { TABLE_NAME } from '../db/client';
import { keys } from '../db/keys';
import { type ProjectAudience, notificationEventPut } from '../notifications/event';
import type { MembershipChange } from './memberships';
import { type TransactItem, conditionHeld, transactWrite } from '../db/transactions';
import type { NotificationMessage } from '../notifications/item';
import { updateExpression } from '../db/update-expression';
import type { FiguresDelta } from './figures';

/** How often a change is re-read and retried when someone else changed the project in between. */
export const MAX_WRITE_ATTEMPTS = 5;

interface ProjectWrite {
  /** SET assignments for the project item (the version bump is added here). */
  set: Record<string, unknown>;
  /** Attributes the change removes (a derived key the project no longer has). */
  remove?: string[];
  /** The version the change was computed from: the write applies only if it is still current. */
  expectedVersion: number;
  /** Users the change notifies by id (those newly added). */
  recipients: string[];
  /** Or every member but the actor, read by the consumer from the member set (a status change). */
  audience?: ProjectAudience;
  message: NotificationMessage;
  /** What the change does to the members' own items (a member change). */
  memberships?: MembershipChange[];
  /** What the change moves on the organization's counters: carried by the event, added by the stream consumer. */
  figures?: FiguresDelta;
  /** Unconditional writes of the same change (activity entries, word items), after the event. */
  alongside: TransactItem[];
}

/**
 * One TransactWriteItems: the project update, conditional on the version it was computed from
 * (so two concurrent changes never interleave: the loser recomputes from the winner's state),
 * and the change's event (the stream fans it out to the recipients and adds its figures) and
 * activity entries, so none happens without the others. No item every change of the organization
 * shares is written here (docs/decisions/032). Answers false when the project is
 * gone or changed since it was read: read again and recompute.
 */
export async function writeProjectChange(orgId: string, projectId: string, change: ProjectWrite): Promise<boolean> {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: TABLE_NAME,
        Key: keys.project(orgId, projectId),
        ...updateExpression(
          { set: { ...change.set, version: change.expectedVersion + 1 }, remove: change.remove },
          { expression: 'attribute_exists(PK) AND #version = :expected', names: { '#version': 'version' }, values: { ':expected': change.expectedVersion } },
        ),
      },
    },
    ...notificationEventPut(orgId, change.recipients, change.message, change.figures, { audience: change.audience, memberships: change.memberships }),
    ...change.alongside,
  ];
  return conditionHeld(transactWrite(items));
}
