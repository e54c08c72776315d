import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { now as clockNow, today } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { getItem } from '../db/reads';
import { conditionHeld } from '../db/transactions';
import {
  type AssistantAllowance,
  type AssistantUsage,
  allowanceLeft,
  allowanceOf,
  secondsUntilNextDay,
  usageOn,
} from '../domain/assistant-allowance';
import { AllowanceUsed } from '../domain/errors';
import type { OrganizationItem } from '../organization/item';
import { organizationKeys } from '../organization/keys';
import { ALLOWANCE_USED } from './messages';

/**
 * The organization's daily allowance of generations, counted on its own item (`assistantUsage`:
 * the day, generations, model tokens; never a prompt or a text). The session load has read the item
 * already, so the check costs no read: one conditional UpdateItem reserves the generation before the
 * provider writes, one adds the tokens it spent after. Two generations at once never pass the limit:
 * each reservation is conditional on the count it saw being under it.
 */

const refused = () => new AllowanceUsed(ALLOWANCE_USED, secondsUntilNextDay(clockNow()));

/** Counts one more generation today if the allowance has room (the day's first one starts the day's counts). */
function reserveOn(orgId: string, day: string, usage: AssistantUsage, allowance: AssistantAllowance): Promise<boolean> {
  const key = organizationKeys.organization(orgId);
  if (usage.requests === 0)
    return conditionHeld(
      db.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: key,
          UpdateExpression: 'SET assistantUsage = :first',
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(assistantUsage) OR assistantUsage.#day <> :day)',
          ExpressionAttributeNames: { '#day': 'day' },
          ExpressionAttributeValues: { ':first': { day, requests: 1, tokens: 0 }, ':day': day },
        }),
      ),
    );
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: key,
        UpdateExpression: 'SET assistantUsage.requests = assistantUsage.requests + :one',
        ConditionExpression:
          'assistantUsage.#day = :day AND assistantUsage.requests < :requests AND assistantUsage.tokens < :tokens',
        ExpressionAttributeNames: { '#day': 'day' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':day': day,
          ':requests': allowance.requestsPerDay,
          ':tokens': allowance.tokensPerDay,
        },
      }),
    ),
  );
}

/**
 * Reserves one generation or throws 429 with Retry-After (seconds to the next UTC midnight). A
 * reservation that lost to another request's reads the item again (strongly) and tries once more.
 */
export async function reserveGeneration(org: OrganizationItem): Promise<void> {
  const day = today();
  const allowance = allowanceOf(org.plan);
  let usage = usageOn(org.assistantUsage, day);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (!allowanceLeft(usage, allowance)) throw refused();
    if (await reserveOn(org.id, day, usage, allowance)) return;
    const fresh = await getItem(organizationKeys.organization(org.id), { consistentRead: true });
    usage = usageOn(fresh?.assistantUsage, day);
  }
  throw refused();
}

/** Adds the model tokens a generation spent to today's count (none for the local provider: no write). */
export async function recordTokens(orgId: string, tokens: number): Promise<void> {
  if (tokens <= 0) return;
  // Tokens of a generation that ran past midnight are not counted on the new day (its reservation was the old one's).
  await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: organizationKeys.organization(orgId),
        UpdateExpression: 'SET assistantUsage.tokens = assistantUsage.tokens + :tokens',
        ConditionExpression: 'assistantUsage.#day = :day',
        ExpressionAttributeNames: { '#day': 'day' },
        ExpressionAttributeValues: { ':tokens': tokens, ':day': today() },
      }),
    ),
  );
}
