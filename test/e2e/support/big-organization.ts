import { randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LOCAL_AWS_ENV, localClient } from '../../../infra/local/dynamodb-local';
import { type SeedOptions, seedOrganization } from '../../../infra/local/seed';
import { e2eDatabase } from './local-servers';

/**
 * A whole organization written straight into the run's table, as the bench seeds one (infra/local/seed.ts):
 * a project of 500 members through the API is 500 sign-ups and minutes of a busy machine; this is seconds.
 * Its admin is `admin@<label>.example.com`; everyone shares `password`.
 */
export async function seedBigOrganization(options: Omit<SeedOptions, 'label' | 'password'>) {
  const { endpoint, tableName } = e2eDatabase();
  // The SDK's warning about the local Node 20 is noise in the test's output (as in the app's: LOCAL_AWS_ENV).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = LOCAL_AWS_ENV.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED;
  const db = DynamoDBDocumentClient.from(localClient(endpoint), { marshallOptions: { removeUndefinedValues: true } });
  try {
    return await seedOrganization(db, tableName, {
      ...options,
      label: `big-${randomUUID().slice(0, 8)}`,
      password: 'big-organization-password',
    });
  } finally {
    db.destroy();
  }
}
