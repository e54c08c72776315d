import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { now } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { conditionHeld, transactWrite } from '../db/transactions';
import { billingAdmins, trialEndingAlert } from './admin-alerts';
import { billingKeys } from './keys';
import { storedBilling } from './reads';
import { type TrialEndItem, trialAlertMark, trialDay, trialsEndingBetween } from './trial-ends';

/** How far ahead a trial end is announced (the billing banner's window, so the alert and the banner agree). */
const TRIAL_ALERT_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

interface TrialAlertRun {
  /** Organizations whose admins were told in this run. */
  alerted: string[];
  /** Announced meanwhile by another run or by Stripe's trial_will_end. */
  alreadyAlerted: number;
  /** Index items whose organization's state no longer has that trial (removed). */
  stale: number;
}

/**
 * The daily run: organizations whose trial ends within TRIAL_ALERT_DAYS of `at` get the
 * 'trial ends soon' notification and mail for every admin, once. Candidates come from the trial
 * index (a Query per day, never a Scan); each is checked against the stored subscription state,
 * and the alert goes in one transaction with the index item's mark, conditional on no mark yet.
 */
export async function alertTrialsEnding(at: Date = now()): Promise<TrialAlertRun> {
  const candidates = await trialsEndingBetween(at, new Date(at.getTime() + TRIAL_ALERT_DAYS * DAY_MS));
  const run: TrialAlertRun = { alerted: [], alreadyAlerted: 0, stale: 0 };
  for (const candidate of candidates) {
    const outcome = await alertOne(candidate, at);
    if (outcome === 'alerted') run.alerted.push(candidate.orgId);
    else if (outcome === 'already') run.alreadyAlerted += 1;
    else run.stale += 1;
  }
  return run;
}

async function alertOne(candidate: TrialEndItem, at: Date): Promise<'alerted' | 'already' | 'stale'> {
  const day = candidate.trialEnd.slice(0, 10);
  const stored = await storedBilling(candidate.orgId);
  const facts = stored?.status ? { status: stored.status, trialEnd: stored.trialEnd ?? null } : undefined;
  if (trialDay(facts) !== day || facts?.trialEnd !== candidate.trialEnd) {
    await removeStale(candidate);
    return 'stale';
  }
  const marked = await conditionHeld(
    transactWrite([
      trialAlertMark(day, candidate.orgId, at.toISOString()),
      ...trialEndingAlert(candidate.orgId, await billingAdmins(candidate.orgId), candidate.trialEnd),
    ]),
  );
  return marked ? 'alerted' : 'already';
}

/** An index item left by a change the index missed: removed unless it was rewritten meanwhile. */
async function removeStale(candidate: TrialEndItem) {
  await conditionHeld(
    db.send(
      new DeleteCommand({
        TableName: TABLE_NAME,
        Key: billingKeys.trialEnd(candidate.trialEnd.slice(0, 10), candidate.orgId),
        ConditionExpression: 'trialEnd = :trialEnd AND attribute_not_exists(alertedAt)',
        ExpressionAttributeValues: { ':trialEnd': candidate.trialEnd },
      }),
    ),
  );
}
