import { now } from '../clock';
import { TABLE_NAME } from '../db/client';
import { transactEachOnce } from '../db/transact-each-once';
import { type TransactItem, TRANSACTION_LIMIT } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { eventKeys } from '../events/keys';
import { organizationKeys } from '../organization/keys';
import { ORGANIZATION_FIGURES } from '../organization/members-without-two-factor';
import { sumDeltas } from './figures';
import { projectKeys } from './keys';
import type { CountedMove } from './status-moves';

/**
 * Adds what a stream batch's events and status moves (functions/projects/status-moves.ts) move to their organizations' figures items: per organization
 * one TransactWriteItems of a single UpdateItem ADD (the batch's sum) and, per event, the mark
 * `countedAt` on the event item on condition it is not there yet. A redelivered event (a retry, a
 * bisected half, a failure halfway) fails its mark, is named by the cancellation reasons and left
 * out of the sum written again: each event is counted exactly once. Answers how many were counted now.
 */
export async function countEventFigures(events: CountedMove[]): Promise<number> {
  const byOrganization = new Map<string, CountedMove[]>();
  for (const event of events) {
    if (!event.figures || Object.keys(event.figures).length === 0) continue;
    byOrganization.set(event.orgId, [...(byOrganization.get(event.orgId) ?? []), event]);
  }
  let counted = 0;
  for (const [orgId, ofOrganization] of byOrganization) {
    // Up to two items for the figures (the projects' and the organization's); the rest of the transaction holds the marks.
    for (let start = 0; start < ofOrganization.length; start += TRANSACTION_LIMIT - 2) {
      counted += await countOnce(orgId, ofOrganization.slice(start, start + TRANSACTION_LIMIT - 2));
    }
  }
  return counted;
}

function markCounted(event: CountedMove, at: string): TransactItem {
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: eventKeys.changeEvent(event.id),
      ...updateExpression({ set: { countedAt: at } }, { expression: 'attribute_exists(PK) AND attribute_not_exists(countedAt)' }),
    },
  };
}

function countOnce(orgId: string, events: CountedMove[]): Promise<number> {
  return transactEachOnce(
    events,
    (pending) => {
      const sum = sumDeltas(pending.map((event) => event.figures ?? {}));
      const at = now().toISOString();
      // The members' figures live on the organization item, which the session reads anyway (docs/decisions/054).
      const ofOrganizationItem = Object.fromEntries(Object.entries(sum).filter(([name]) => ORGANIZATION_FIGURES.includes(name)));
      const ofProjects = Object.fromEntries(Object.entries(sum).filter(([name]) => !ORGANIZATION_FIGURES.includes(name)));
      // Moves that cancel out (a status there and back) still mark their events.
      const figures: TransactItem[] = [
        ...(Object.keys(ofProjects).length
          ? [
              {
                Update: {
                  TableName: TABLE_NAME,
                  Key: projectKeys.projectFigures(orgId),
                  ...updateExpression({ add: ofProjects }),
                },
              },
            ]
          : []),
        ...(Object.keys(ofOrganizationItem).length
          ? [
              {
                Update: {
                  TableName: TABLE_NAME,
                  Key: organizationKeys.organization(orgId),
                  ...updateExpression({ add: ofOrganizationItem }),
                },
              },
            ]
          : []),
      ];
      return {
        items: [...figures, ...pending.map((event) => markCounted(event, at))],
        entryOf: (itemIndex) => (itemIndex < figures.length ? undefined : itemIndex - figures.length),
      };
    },
    'Figures',
  );
}
