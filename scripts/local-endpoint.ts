/**
 * The one-off scripts' table: the stage's (TABLE_NAME, with the stage's AWS credentials), or
 * DynamoDB Local's when `--endpoint` names it. Called before functions/db is imported, which reads
 * the table and the endpoint on import.
 */
export function useEndpoint(endpoint: string | undefined) {
  if (!endpoint) return;
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: endpoint,
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
  });
}
