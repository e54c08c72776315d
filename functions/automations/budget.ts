import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now, ttlAt } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { conditionHeld } from '../db/transactions';
import { automationKeys } from './keys';

/**
 * The most write units one run can put into its organization's partitions: 5 actions, each at most
 * a project update with its activity entries and event (about 8), and the run's own steps (about 1 each).
 */
const RUN_WRITE_UNITS_WORST = 5 * (8 + 1) + 2;
/** The share of a partition's 1,000 write units a second an organization's automations may take: the rest stays its people's. */
const AUTOMATION_SHARE_OF_PARTITION = 0.1;
/**
 * An organization's automation runs a minute (issue 64): ≈ 130, so its automations at their worst use a
 * tenth of what its partition takes (docs/scale.md, "The hottest keys"); past it runs wait in their queue.
 */
export const AUTOMATION_RUNS_PER_MINUTE = Math.floor((1000 * AUTOMATION_SHARE_OF_PARTITION * 60) / RUN_WRITE_UNITS_WORST);

/** A run that must wait for the next minute of its organization's budget: its message is retried later, never dropped. */
export class RunBudgetSpent extends Error {
  constructor(orgId: string) {
    super(`The organization ${orgId} started ${AUTOMATION_RUNS_PER_MINUTE} automation runs this minute`);
    this.name = 'RunBudgetSpent';
  }
}

/** Counts one run against its organization's minute, or throws RunBudgetSpent when the minute's runs are spent. */
export async function spendRunBudget(orgId: string): Promise<void> {
  const at = now();
  const minute = at.toISOString().slice(0, 16);
  const spent = await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: automationKeys.budget(orgId, minute),
        UpdateExpression: 'ADD #runs :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(#runs) OR #runs < :max',
        ExpressionAttributeNames: { '#runs': 'runs', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':max': AUTOMATION_RUNS_PER_MINUTE, ':ttl': ttlAt(at.getTime() + 10 * 60_000) },
      }),
    ),
  );
  if (!spent) throw new RunBudgetSpent(orgId);
}
