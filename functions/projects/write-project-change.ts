import { TABLE_NAME } from '../db/client';
import { keys } from '../db/keys';
import { notificationEventPut } from '../notifications/event';
import { type TransactItem, conditionHeld, transactWrite } from '../db/transactions';
import type { NotificationMessage } from '../notifications/item';
import { updateExpression } from '../db/update-expression';

/** How often a change is re-read and retried when someone else changed the project in between. */
export const MAX_WRITE_ATTEMPTS = 5;

interface ProjectWrite {
  /** SET assignments for the project item (the version bump is added here). */
  set: Record<string, unknown>;
  /** The version the change was computed from: the write applies only if it is still current. */
  expectedVersion: number;
  recipients: string[];
  message: NotificationMessage;
  /** Unconditional writes of the same change (the figures update, activity entries), after the notification event. */
  alongside: TransactItem[];
}

/**
 * One TransactWriteItems: the project update, conditional on the version it was computed from
 * (so two concurrent changes never interleave: the loser recomputes from the winner's state),
 * and the notification event (the stream fans it out to the recipients), figures and activity
 * entries of the change, so none happens without the others. Answers false when the project is
 * gone or changed since it was read: read again and recompute.
 */
export async function writeProjectChange(orgId: string, projectId: string, change: ProjectWrite): Promise<boolean> {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: TABLE_NAME,
        Key: keys.project(orgId, projectId),
        ...updateExpression(
          { set: { ...change.set, version: change.expectedVersion + 1 } },
          { expression: 'attribute_exists(PK) AND #version = :expected', names: { '#version': 'version' }, values: { ':expected': change.expectedVersion } },
        ),
      },
    },
    ...notificationEventPut(orgId, change.recipients, change.message),
    ...change.alongside,
  ];
  return conditionHeld(transactWrite(items));
}
