import { TABLE_NAME } from '../db/client';
import { type TransactItem, conditionHeld, transactWrite } from '../db/transactions';
import { type Condition, updateExpression } from '../db/update-expression';
import {
  type ChangeOf,
  type MembershipChange,
  type NotificationMessage,
  type ProjectAudience,
  changeEventPut,
  newEventId,
} from '../events/change-event';
import { projectKeys } from './keys';

/** How often a change is re-read and retried when someone else changed the project in between. */
export const MAX_WRITE_ATTEMPTS = 5;

interface ProjectWrite {
  /** SET assignments for the project item (the version bump is added here). */
  set: Record<string, unknown>;
  /** Attributes the change removes (a derived key the project no longer has). */
  remove?: string[];
  /**
   * What must still hold for the change to apply: the version it was computed from (an edit, a member
   * change: nothing may have changed in between), or, for a status change alone, the due key it was
   * computed from (the status is last-writer-wins; only the name and due date its index keys also
   * hold must be the ones read: docs/decisions/067).
   */
  unchanged: { version: number } | { dueKey: string };
  /** Users the change notifies by id (those newly added). */
  recipients: string[];
  /** Or every member but the actor, read by the consumer from the member set (a status change). */
  audience?: ProjectAudience;
  message: NotificationMessage;
  /** What the change does to the members' own items (a member change). */
  memberships?: MembershipChange[];
  /** Unconditional writes of the same change (activity entries, word items), after the event. */
  alongside: TransactItem[];
  /** Whether the change alters what the project list shows (a field, not only its members): the stream consumer then renews the members' copies. */
  listChanged?: boolean;
  /** What happened, for the consumers that act on changes (issue 64); none when nothing did. */
  change?: ChangeOf;
}

/** The update's condition and version bump for what must still hold. */
function guarded(unchanged: ProjectWrite['unchanged']): {
  condition: Condition;
  version: { set?: Record<string, number>; add?: Record<string, number> };
} {
  if ('version' in unchanged) {
    return {
      condition: {
        expression: 'attribute_exists(PK) AND #version = :expected',
        names: { '#version': 'version' },
        values: { ':expected': unchanged.version },
      },
      version: { set: { version: unchanged.version + 1 } },
    };
  }
  return {
    condition: {
      expression: 'attribute_exists(PK) AND #dueKey = :dueKey',
      names: { '#dueKey': 'dueKey' },
      values: { ':dueKey': unchanged.dueKey },
    },
    // Still one more per write: a member change computed from an older version fails its condition.
    version: { add: { version: 1 } },
  };
}

/**
 * One TransactWriteItems: the project update, conditional on what it was computed from (the
 * version: the loser of two concurrent edits recomputes from the winner's state), and the change's
 * event (the stream fans it out to the recipients and adds its figures) and activity entries, so
 * none happens without the others. No item every change of the organization shares is written here
 * (docs/decisions/032). Every write copies the status it replaces into `statusFrom`, and one that
 * sets a status names its event (`statusEventId`): the stream consumer counts the move from the
 * item's own record and marks the event, so the figures follow the item's true history whatever
 * the request read (docs/decisions/067). Answers false when the project is gone or changed since it
 * was read: read again and recompute.
 */
export async function writeProjectChange(orgId: string, projectId: string, change: ProjectWrite): Promise<boolean> {
  const { condition, version } = guarded(change.unchanged);
  const statusEventId = change.set.status === undefined ? undefined : newEventId();
  const items: TransactItem[] = [
    {
      Update: {
        TableName: TABLE_NAME,
        Key: projectKeys.project(orgId, projectId),
        ...updateExpression(
          {
            set: {
              ...change.set,
              ...version.set,
              ...(statusEventId ? { statusEventId } : {}),
              ...(change.listChanged ? { listChangeId: newEventId() } : {}),
            },
            copy: { statusFrom: 'status' },
            add: version.add,
            // Only the write that changed the list's fields carries the mark (docs/decisions/104).
            remove: [...(change.remove ?? []), ...(change.listChanged ? [] : ['listChangeId'])],
          },
          condition,
        ),
      },
    },
    ...changeEventPut(orgId, change.recipients, change.message, undefined, {
      id: statusEventId,
      audience: change.audience,
      memberships: change.memberships,
      change: change.change,
    }),
    ...change.alongside,
  ];
  return conditionHeld(transactWrite(items));
}
