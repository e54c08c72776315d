import { TABLE_NAME } from '../db/client';
import { keys } from '../db/keys';
import { notificationWrites } from '../notifications/writes';
import { type TransactItem, failedConditionIndexes, isConditionFailure, transactWrite } from '../db/transactions';
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
  /** Unconditional writes of the same change (the figures update, activity entries), after the notifications. */
  alongside: TransactItem[];
}

type WriteOutcome =
  | { kind: 'written' }
  /** The project is gone or changed since it was read: read again and recompute. */
  | { kind: 'stale' }
  /** These recipients no longer exist (a user removed meanwhile): leave them out and retry. */
  | { kind: 'absent-recipients'; userIds: string[] };

/**
 * One TransactWriteItems: the project update, conditional on the version it was computed from
 * (so two concurrent changes never interleave: the loser recomputes from the winner's state),
 * and the notifications, figures and activity entries of the change, so none happens without the others.
 */
export async function writeProjectChange(orgId: string, projectId: string, change: ProjectWrite): Promise<WriteOutcome> {
  const recipients = [...new Set(change.recipients)];
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
    // Pairs per recipient: the notification, then +1 on their counter (which needs the user to exist).
    ...notificationWrites(orgId, recipients, change.message),
    ...change.alongside,
  ];
  try {
    await transactWrite(items);
    return { kind: 'written' };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const failed = failedConditionIndexes(error);
    if (failed.has(0) || failed.size === 0) return { kind: 'stale' };
    return { kind: 'absent-recipients', userIds: [...failed].map((index) => recipients[Math.floor((index - 1) / 2)]!) };
  }
}
