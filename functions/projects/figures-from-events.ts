import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import type { Key } from '../db/keys';
import { conditionHeld, isConditionFailure } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { eventKeys } from '../events/keys';
import { organizationKeys } from '../organization/keys';
import { ORGANIZATION_FIGURES } from '../organization/members-without-two-factor';
import { type FiguresDelta, sumDeltas } from './figures';
import { projectKeys } from './keys';
import type { CountedMove } from './status-moves';

/**
 * The events a figures item is adding right now (a string set): an ADD that names an event already
 * in it is refused, so an ADD that went through before a crash is not made twice. The set holds an
 * event only between its ADD and its mark, so it stays as small as the batches in flight.
 */
export const COUNTING = 'countingEvents';

/** Events per ADD: each is one `NOT contains` in the condition, which DynamoDB caps at 4 KB. */
const EVENTS_PER_ADD = 50;
/** How long a delivery holds an event's counting: far beyond a consumer's 30 seconds. */
const CLAIM_MS = 5 * 60_000;

/** Where a figure is added: the members' figures on the organization item, which the session reads anyway (docs/decisions/054). */
const targetsOf = (orgId: string) => [
  { key: organizationKeys.organization(orgId), holds: (name: string) => ORGANIZATION_FIGURES.includes(name) },
  { key: projectKeys.projectFigures(orgId), holds: (name: string) => !ORGANIZATION_FIGURES.includes(name) },
];

/**
 * Adds what a stream batch's events and status moves (functions/projects/status-moves.ts) move to
 * their organizations' figures, each event exactly once however often it is delivered, and without
 * a transaction: a transaction on the one item every batch of the organization adds to failed whole
 * batches on each conflict (issue 62). Per organization, in this order: each event claimed by this
 * delivery (not counted yet, held by no other: two deliveries at once never both add it); per figures
 * item one ADD of the claimed events' sum that also puts them in the item's COUNTING set, refused for
 * an event already in it (added before a crash: left out, the rest added again); each event's mark
 * `countedAt`; the events taken out of the set. A delivery that stopped anywhere is finished by the
 * next once its claim runs out, without counting twice. Answers how many events were counted now.
 */
export async function countEventFigures(events: CountedMove[]): Promise<number> {
  const byOrganization = new Map<string, CountedMove[]>();
  for (const event of events) {
    if (!event.figures || Object.keys(event.figures).length === 0) continue;
    byOrganization.set(event.orgId, [...(byOrganization.get(event.orgId) ?? []), event]);
  }
  let counted = 0;
  for (const [orgId, ofOrganization] of byOrganization) {
    for (let start = 0; start < ofOrganization.length; start += EVENTS_PER_ADD)
      counted += await countOnce(orgId, ofOrganization.slice(start, start + EVENTS_PER_ADD));
  }
  return counted;
}

async function countOnce(orgId: string, events: CountedMove[]): Promise<number> {
  const token = randomUUID();
  const distinct = [...new Map(events.map((event) => [event.id, event])).values()];
  const claimed = await Promise.all(distinct.map((event) => claim(event, token)));
  const mine = distinct.filter((_, index) => claimed[index]);
  if (mine.length === 0) return 0;
  const targets = targetsOf(orgId)
    .map(({ key, holds }) => ({ key, figuresOf: (event: CountedMove) => only(event.figures ?? {}, holds) }))
    .map((target) => ({ ...target, events: mine.filter((event) => Object.keys(target.figuresOf(event)).length > 0) }))
    .filter((target) => target.events.length > 0);
  for (const target of targets) await addOnce(target.key, target.events, target.figuresOf);
  const at = now().toISOString();
  await Promise.all(mine.map((event) => markCounted(event, token, at)));
  for (const target of targets) await doneAdding(target.key, target.events);
  return mine.length;
}

const only = (figures: FiguresDelta, holds: (name: string) => boolean) =>
  Object.fromEntries(Object.entries(figures).filter(([name]) => holds(name)));

/**
 * This delivery takes the event's counting for CLAIM_MS: only while it is not counted yet and no
 * other delivery holds it. The claim outlasts any function's run (30 s at most), so a holder cannot
 * come back after another took over; a takeover finds what the crashed holder had added in COUNTING.
 */
function claim(event: CountedMove, token: string): Promise<boolean> {
  const at = now().getTime();
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: eventKeys.changeEvent(event.id),
        ...updateExpression(
          { set: { countingBy: token, countingUntil: at + CLAIM_MS } },
          {
            expression:
              'attribute_exists(PK) AND attribute_not_exists(countedAt) AND (attribute_not_exists(countingUntil) OR countingUntil < :at)',
            values: { ':at': at },
          },
        ),
      }),
    ),
  );
}

/** One ADD of the events' sum that names them in COUNTING; the events another delivery already added are left out. */
async function addOnce(key: Key, events: CountedMove[], figuresOf: (event: CountedMove) => FiguresDelta) {
  let adding = events;
  while (adding.length > 0) {
    const ids = adding.map((event) => event.id);
    const placeholders = Object.fromEntries(ids.map((id, index) => [`:event${index}`, id]));
    try {
      await db.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: key,
          ...updateExpression(
            { add: { ...sumDeltas(adding.map(figuresOf)), [COUNTING]: new Set(ids) } },
            {
              expression: Object.keys(placeholders)
                .map((placeholder) => `NOT contains(#counting, ${placeholder})`)
                .join(' AND '),
              names: { '#counting': COUNTING },
              values: placeholders,
            },
          ),
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const out = await db.send(
        new GetCommand({
          TableName: TABLE_NAME,
          Key: key,
          ConsistentRead: true,
          ProjectionExpression: '#counting',
          ExpressionAttributeNames: { '#counting': COUNTING },
        }),
      );
      const added = (out.Item?.[COUNTING] as Set<string> | undefined) ?? new Set<string>();
      adding = adding.filter((event) => !added.has(event.id));
    }
  }
}

function markCounted(event: CountedMove, token: string, at: string) {
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: eventKeys.changeEvent(event.id),
        ...updateExpression(
          { set: { countedAt: at }, remove: ['countingBy', 'countingUntil'] },
          { expression: 'countingBy = :token', values: { ':token': token } },
        ),
      }),
    ),
  );
}

/** Marked: the events leave the item's COUNTING set (emptied, DynamoDB drops the attribute). */
async function doneAdding(key: Key, events: CountedMove[]) {
  await db.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: key,
      ...updateExpression({ delete: { [COUNTING]: new Set(events.map((event) => event.id)) } }),
    }),
  );
}
