import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  IdempotencyPersistenceLayerError,
  IdempotencyValidationError,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_WINDOW_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '../../shared/contract/endpoint';
import { TABLE_NAME, attributeValueClient } from '../db/client';
import { isDatabaseUnavailable } from '../db/faults';
import { tableDefinition } from '../db/table-definition';
import type { IdempotentRun } from '../http/define-route';
import { HttpError, badRequest } from '../http/http-error';
import type { RouteResult } from '../http/response';
import type { Context } from '../http/types';
import { middlewareKeys } from './keys';

export const IDEMPOTENCY_KEY_INVALID = `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters.`;
export const IDEMPOTENCY_KEY_REUSED = `This ${IDEMPOTENCY_KEY_HEADER} was already used with a different request. Send a new key for a new request.`;
export const IDEMPOTENCY_KEY_IN_PROGRESS = `A request with this ${IDEMPOTENCY_KEY_HEADER} is still in progress. Try again in a moment.`;

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const VISIBLE_ASCII = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);
/** Fields never hashed into the stored fingerprint of a body: a fast hash of a password would be a weak copy of it. */
const SECRET_FIELDS = ['password'];

/**
 * Powertools' DynamoDB records on our one table: the hashed key is the partition (keys.ts), the
 * expiry is the table's TTL attribute. Powertools writes the expiry as epoch seconds of the real
 * clock, which is DynamoDB's (ttlAt's) time: the functions' test offset never moves the window.
 */
class TableRecords extends DynamoDBPersistenceLayer {
  protected override getKey(idempotencyKey: string) {
    const { PK, SK } = middlewareKeys.idempotencyRecord(idempotencyKey);
    return { [tableDefinition.partitionKey.name]: { S: PK }, [tableDefinition.sortKey.name]: { S: SK } };
  }
}

const records = new TableRecords({
  tableName: TABLE_NAME,
  awsSdkV3Client: attributeValueClient,
  keyAttr: tableDefinition.partitionKey.name,
  expiryAttr: tableDefinition.timeToLiveAttribute,
});

/** What is hashed: `scope` names the record, `body` is the fingerprint a retry must match. */
interface Payload {
  scope: [route: string, orgId: string, userId: string, key: string];
  body: unknown;
  run: () => Promise<RouteResult>;
}

const config = new IdempotencyConfig({
  eventKeyJmesPath: 'scope',
  payloadValidationJmesPath: 'body',
  throwOnNoIdempotencyKey: true,
  expiresAfterSeconds: IDEMPOTENCY_WINDOW_HOURS * 60 * 60,
  hashFunction: 'sha256',
  responseHook: (response) => {
    const result = response as { headers?: Record<string, string> };
    return { ...result, headers: { ...result.headers, [IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]: 'true' } };
  },
});

// Stored as DynamoDB attribute values, which have no `undefined`: the answer as JSON would send it.
const runOnce = makeIdempotent(
  async (payload: Payload, _context: Context) => JSON.parse(JSON.stringify(await payload.run())) as RouteResult,
  {
    persistenceStore: records,
    config,
    keyPrefix: 'request',
  },
);

const withoutSecrets = (body: unknown) =>
  body && typeof body === 'object'
    ? Object.fromEntries(Object.entries(body).filter(([field]) => !SECRET_FIELDS.includes(field)))
    : body;

/**
 * Endpoint.idempotent, run by defineRoute after the session and the body are checked: a request
 * with an Idempotency-Key runs its handle at most once per key, user, organization and route
 * within the window (Powertools' idempotency with its DynamoDB records, docs/decisions/033).
 */
export const idempotency: IdempotentRun = async ({ event, session, context }, handle) => {
  const key = event.headers?.[HEADER];
  if (key === undefined) return handle();
  if (!VISIBLE_ASCII.test(key)) throw badRequest(IDEMPOTENCY_KEY_INVALID);
  const payload: Payload = {
    scope: [event.routeKey, session.org.id, session.user.id, key],
    body: withoutSecrets(event.parsedBody),
    run: handle,
  };
  try {
    return await runOnce(payload, context);
  } catch (error) {
    if (error instanceof IdempotencyValidationError) throw new HttpError(422, IDEMPOTENCY_KEY_REUSED);
    if (error instanceof IdempotencyAlreadyInProgressError)
      throw new HttpError(409, IDEMPOTENCY_KEY_IN_PROGRESS, undefined, { 'retry-after': '1' });
    // The records' own calls failing is the database being unavailable (503), as for any other call.
    if (error instanceof IdempotencyPersistenceLayerError && isDatabaseUnavailable(error.cause)) throw error.cause;
    throw error;
  }
};
