/**
 * The functions' environment, read here and nowhere else: what the stack's constructs (infra/constructs/),
 * Lambda's runtime and the local cloud (infra/local/local-cloud.ts) set. The test-only switches live
 * apart, in local-stage.ts.
 *
 * Each setting is a function that reads its variable when called, not a value frozen at import: a
 * module that needs it once per cold start calls it at its own top level (the logger, the database
 * client), and the tests that change the environment between cases (vi.stubEnv) or run the local
 * cloud's handlers in their own process see the change at the next call. A read costs a property
 * lookup; each bundle keeps only the accessors it calls.
 */

const read = (name: string): string | undefined => process.env[name];

/** The error of a variable a function cannot work without: one sentence naming it. */
function notSet(name: string, why?: string): Error {
  return new Error(why ? `${name} is not set: ${why}` : `${name} is not set`);
}

function required(name: string, why?: string): string {
  const value = read(name);
  if (!value) throw notSet(name, why);
  return value;
}

/** A comma-separated list, its entries trimmed, empty ones dropped. */
const listOf = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

// The stage.

/** STAGE as the stack set it; undefined on a host that names no stage (a script, a unit test). */
export const declaredStage = (): string | undefined => read('STAGE');
/** The stage whose names a token, cursor or metric carries: 'local' where no stage is named. */
export const stage = (): string => declaredStage() ?? 'local';
/** Only a stage named 'local' has the local stage's allowances (plain http to identity providers, the test switches): an unnamed one has none. */
export const isLocalStage = (): boolean => declaredStage() === 'local';

/** The log level the stage's config sets (LOG_LEVEL; the tests quieten it to ERROR or SILENT). */
export const logLevel = (): string => (read('LOG_LEVEL') ?? 'INFO').toUpperCase();

// Lambda's runtime sets these; no stack or test host of ours sets them but to pose as Lambda.

/** The host is a Lambda execution environment (the bench's cold-start probe poses as one). */
export const inLambda = (): boolean => Boolean(read('AWS_EXECUTION_ENV'));
/** Lambda's multi-concurrency mode: one environment serves several requests at once. */
export const lambdaServesConcurrently = (): boolean => 'AWS_LAMBDA_MAX_CONCURRENCY' in process.env;
/** This environment was started for a request (not provisioned ahead): Powertools counts cold starts only then. */
export const startedOnDemand = (): boolean => read('AWS_LAMBDA_INITIALIZATION_TYPE') === 'on-demand';

// The table.

/** The table's name; undefined where none is set (the local table then, functions/db/client.ts). */
export const tableName = (): string | undefined => read('TABLE_NAME');
/** DynamoDB Local's address; unset in the cloud. */
export const dynamoDbEndpoint = (): string | undefined => read('DYNAMODB_ENDPOINT') || undefined;
/** A longer request timeout for DynamoDB Local (local-cloud.ts); undefined: the client's own. */
export const dynamoDbRequestTimeoutMs = (): number | undefined => Number(read('DYNAMODB_REQUEST_TIMEOUT_MS')) || undefined;

/**
 * The role an admin or SCIM route's function reaches the organization's partitions through, tagged
 * with the organization (docs/decisions/111); unset locally and on the other routes.
 */
export const tenantTableRoleArn = (): string | undefined => read('TENANT_TABLE_ROLE_ARN') || undefined;

/** Where STS is asked for the tenant role's credentials: the region's own endpoint unless a test names a stand-in. */
export const stsEndpoint = (): string | undefined => read('STS_ENDPOINT') || undefined;

/** The region the function runs in (Lambda sets it). */
export const awsRegion = (): string => read('AWS_REGION') ?? 'us-east-1';

// The stage's own site.

/** The origins allowed to send state-changing requests (APP_ORIGINS): the stage's site first. */
export const appOrigins = (): string[] => listOf(read('APP_ORIGINS'));

/** The same, for what cannot work without them. */
export function requiredAppOrigins(why: string): string[] {
  const origins = appOrigins();
  if (origins.length === 0) throw notSet('APP_ORIGINS', why);
  return origins;
}

// Secrets. In the cloud a secret is named by its Secrets Manager ARN (`<NAME>_ARN`); locally its value
// is the variable `<NAME>` itself. ORIGIN_VERIFY_SECRET is also deployed as a value with each function.

export type SecretName =
  'SESSION_SECRET' | 'ORIGIN_VERIFY_SECRET' | 'MFA_ENCRYPTION_SECRET' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET';

export const secretArn = (name: SecretName): string | undefined => read(`${name}_ARN`);
/** A secret's value given in the environment; SESSION_SECRET_PREVIOUS is the session key before a local rotation. */
export const secretValue = (name: SecretName | 'SESSION_SECRET_PREVIOUS'): string | undefined => read(name);

// Services the functions call.

/** Where the Stripe client connects: the tests' local stand-in; all unset in the cloud (api.stripe.com). */
export const stripeApi = () => ({
  host: read('STRIPE_API_HOST'),
  port: read('STRIPE_API_PORT'),
  protocol: read('STRIPE_API_PROTOCOL'),
});

/** The DNS servers (`host:port[,…]`) that `npm start` and the tests point lookups at; empty: the system's. */
export const dnsServers = (): string[] => listOf(read('DNS_SERVERS'));

// Mail (infra/constructs/mailer.ts; locally local-cloud.ts).

/** The stage's own site, which mail links point at. */
export const siteUrl = (): string => required('SITE_URL', "mail links are built from the stage's own site URL");
/** The sender of every mail. */
export const mailFrom = (): string => required('MAIL_FROM');
/** The SMTP server mail goes to locally (maildev); undefined in the cloud, which sends with SES. */
export function smtpServer(): { host: string; port: number } | undefined {
  const host = read('SMTP_HOST');
  return host ? { host, port: Number(read('SMTP_PORT') ?? 25) } : undefined;
}
/** SES's configuration set (the account's suppression list); undefined when none. */
export const mailConfigurationSet = (): string | undefined => read('MAIL_CONFIGURATION_SET') || undefined;
/** This sender's share of the SES sending rate; NaN or 0 where unset (locally): no pacing. */
export const mailSendsPerSecond = (): number => Number(read('MAIL_SENDS_PER_SECOND'));
/** A preview stage's allow-list of recipients (functions/mailer/transport.ts, recipientAllowed). */
export const mailAllowedRecipients = (): string | undefined => read('MAIL_ALLOWED_RECIPIENTS');

// The assistant (infra/constructs/api.ts sets these on the routes that write with a model; docs/decisions/116).

/** The stage's Bedrock model; unset: the local rules-based provider writes instead (functions/assistant/choose-provider.ts). */
export const assistantModelId = (): string | undefined => read('ASSISTANT_MODEL_ID') || undefined;
/** The stage's Bedrock Guardrail and its version, applied to every model call; undefined where none is set. */
export function assistantGuardrail(): { id: string; version: string } | undefined {
  const id = read('ASSISTANT_GUARDRAIL_ID');
  return id ? { id, version: read('ASSISTANT_GUARDRAIL_VERSION') || 'DRAFT' } : undefined;
}
/** Where the Bedrock Runtime client connects: the tests' local stand-in; unset in the cloud (the region's endpoint). */
export const bedrockRuntimeEndpoint = (): string | undefined => read('BEDROCK_RUNTIME_ENDPOINT') || undefined;
