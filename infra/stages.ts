import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { PROD_LIMITS } from './capacity-model';

/** The web app's runtime settings, served as /config.json: one build serves every stage. */
export interface WebRuntimeConfig {
  /** Stripe customer portal link ('Manage Subscription'); null hides nothing but the link. */
  stripePortalUrl: string | null;
  /** Publishable (public) key; test-mode keys (pk_test_…) for every stage but prod. */
  stripePublishableKey: string | null;
  /** Pricing table id (prctbl_…); null when the stage shows no pricing table. */
  stripePricingTableId: string | null;
}

/** What decides whether a stage keeps its data. */
interface StageRules {
  removalPolicy: RemovalPolicy.RETAIN | RemovalPolicy.DESTROY;
  deletionProtection: boolean;
  pointInTimeRecovery: boolean;
  alarms: boolean;
  /** Empty the web bucket when the stack is deleted (only possible with DESTROY). */
  autoDeleteObjects: boolean;
  logRetention: RetentionDays;
}

/** API Gateway throttling: steady requests per second and burst, for the whole stage (not per client). */
interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

/** A route as API Gateway keys it: "POST /api/login". */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`;

export interface ApiThrottles {
  /** Every route without a limit of its own. */
  default: Throttle;
  /** Tighter limits for the routes anyone can call without a session and that write (sign-in, registration). */
  routes: Partial<Record<RouteKey, Throttle>>;
}

/** WAF's limits on /api/* requests in 5 minutes: per person (address and session cookie), and per address whatever the session. */
export interface ApiRateLimits {
  perSessionPer5Minutes: number;
  perAddressPer5Minutes: number;
}

/** Who is told when a prod alarm fires: an email address and/or an HTTPS endpoint (a chat webhook). */
export interface AlarmRecipients {
  email: string | null;
  /** e.g. an AWS Chatbot / Slack / Teams incoming webhook that accepts SNS's JSON; https only. */
  webhookUrl: string | null;
}

/**
 * The two AWS accounts: previews and dev in one, prod in another, each bootstrapped on its own
 * (README, Deploy). Null: the account of the credentials in use (the one-account layout, where the
 * preview bootstrap qualifier and its permissions boundary keep previews away from prod).
 */
export type AccountName = 'prod' | 'preview';
export const ACCOUNTS: Record<AccountName, string | null> = { prod: null, preview: null };

/** CDK bootstrap qualifiers: prod uses CDK's default bootstrap, previews a bootstrap of their own. */
export const BOOTSTRAP_QUALIFIERS: Record<AccountName, string> = { prod: 'hnb659fds', preview: 'gwpreview' };
/** The preview bootstrap's stack and the two policies it is made with (infra/delivery-stack.ts, README). */
export const PREVIEW_TOOLKIT_STACK = 'GrowthwisePreviewToolkit';
export const PREVIEW_BOUNDARY_POLICY = 'growthwise-preview-boundary';
export const PREVIEW_EXECUTION_POLICY = 'growthwise-preview-execution';

/**
 * A GitHub repository as OIDC subjects name it, `owner/name`. Which one may deploy is configuration,
 * not code (infra/app.ts): context `githubRepository` (cdk.json or `-c`), else GITHUB_REPOSITORY.
 */
export const GITHUB_REPOSITORY_FORMAT = /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/;

/** Who the stage's mail comes from and whom it may go to (the mailer, functions/mailer/). */
export interface MailConfig {
  /** The From header: an address of the SES identity. */
  from: string;
  /** The verified SES identity (a domain) the mailer may send as: its IAM allows ses:SendEmail on this one only. */
  sesIdentity: string;
  /**
   * Null: anyone (prod). A list: the only recipients (exact addresses, or '@domain'); mail to anyone
   * else is marked skipped, never sent, so a preview never writes to real customers.
   */
  allowedRecipients: readonly string[] | null;
  /** The account's SES sending rate (mails a second, Service Quotas): the stage's senders share it. */
  sendsPerSecond: number;
}

/**
 * AWS Backup of the data that cannot be rebuilt from code (the table; the two-factor key's secret is
 * replicated to copyRegion beside it): a vault of the stage's own, copies in a second region and, where
 * ACCOUNTS names both accounts, in the other account (docs/decisions/057).
 */
export interface BackupConfig {
  /**
   * The day of the week's backup (03:00 UTC): in the region, point-in-time recovery's 35 days cover
   * every second in between; the weekly copies cover losing the region or the account (docs/decisions/108).
   */
  weekDay: 'SUN' | 'MON' | 'TUE' | 'WED' | 'THU' | 'FRI' | 'SAT';
  /** Days a backup is kept in the stage's vault: long enough for its copies to be made. */
  retentionDays: number;
  /** Where the copies go: any region but the one the stage deploys to (synthesis refuses the region it runs in). */
  copyRegion: string;
  /** Days a copy is kept, in the second region and in the other account. */
  copyRetentionDays: number;
  /** The other account that also receives copies (in copyRegion), when ACCOUNTS names it apart from the stage's. */
  copyAccount: AccountName | null;
  /** A vault lock on every vault of the stage (compliance mode after changeableForDays); null: none. */
  lock: { minRetentionDays: number; maxRetentionDays: number; changeableForDays: number } | null;
}

/**
 * A table a restore made (docs/runbook.md, "Restore the table"; docs/decisions/071), with the
 * settings a restore does not copy turned on again (stream NEW_IMAGE, TTL on `ttl`).
 */
export interface RestoredTable {
  tableName: string;
  /** Its stream's ARN (`aws dynamodb describe-table --table-name <name> --query Table.LatestStreamArn`): the stream consumers read it. */
  streamArn: string;
}

/** Everything the stack needs to know about one stage. */
export interface StageConfig {
  rules: StageRules;
  /** Which account (and bootstrap) the stage deploys to. */
  account: AccountName;
  throttle: ApiThrottles;
  /** Prod only: WAF rate-based rules on /api/* (requests per 5 minutes); null: none. */
  waf: ApiRateLimits | null;
  web: WebRuntimeConfig;
  /** Who gets the prod alarms; both null: subscribe in the console. */
  alarmRecipients: AlarmRecipients;
  /**
   * The origin-verify secret version CloudFront and the functions get (docs/runbook.md, "Rotate a secret");
   * null: the version current at the stack's first deployment.
   */
  originVerifyVersionId: string | null;
  /** The handlers' log level (Powertools Logger): INFO writes one line per request. */
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  mail: MailConfig;
  /** Null: no backups beyond the table's own point-in-time recovery (the disposable stages have neither). */
  backup: BackupConfig | null;
  /**
   * Null: the stage runs on the stack's own table. Set after a restore: every function's TABLE_NAME,
   * IAM, stream mappings, alarms and backups use the restored table instead, while the stack's own
   * table stays in the template unchanged (retained; the stack policy forbids replacing or deleting it).
   */
  restoredTable: RestoredTable | null;
  /**
   * The assistant's Amazon Bedrock model (its id in the stage's region; docs/decisions/116). Null: the
   * functions write with the local rules-based provider, and the stack has no guardrail and no Bedrock access
   * (as the local stage, which names no model, always does).
   */
  assistant: { modelId: string } | null;
}

/** A small, fast model for a few sentences and a one-page brief: the two model routes answer within their 10 s. */
const ASSISTANT_MODEL = { modelId: 'anthropic.claude-3-haiku-20240307-v1:0' };

/** Prod: data outlives the stack; watched by alarms. */
const KEEP_DATA: StageRules = {
  removalPolicy: RemovalPolicy.RETAIN,
  deletionProtection: true,
  pointInTimeRecovery: true,
  alarms: true,
  autoDeleteObjects: false,
  logRetention: RetentionDays.THREE_MONTHS,
};

/** Previews and dev: everything goes with the stack, nothing is kept for long. */
const DISPOSABLE: StageRules = {
  removalPolicy: RemovalPolicy.DESTROY,
  deletionProtection: false,
  pointInTimeRecovery: false,
  alarms: false,
  autoDeleteObjects: true,
  logRetention: RetentionDays.ONE_WEEK,
};

/**
 * The routes anyone may call without a session that write (test/infra/throttles.test.ts finds every
 * one in the contract): sign-in and registration hash a password with bcrypt (~100 ms of CPU), the
 * mail links send mail or check a token; a flood costs more there than anywhere.
 */
const publicWrites = (limit: Throttle): ApiThrottles['routes'] => ({
  'POST /api/login': limit,
  // The second step of a two-factor sign-in: a 6-digit code is guessable without a limit.
  'POST /api/login/mfa': limit,
  // The emailed code of a sign-in that needed more proof (docs/decisions/040): 5 tries per code besides.
  'POST /api/login/code': limit,
  // Passkey sign-in: each options call writes a challenge; the answers verify a signature (docs/decisions/046).
  'POST /api/login/passkey/options': limit,
  'POST /api/login/passkey': limit,
  'POST /api/login/mfa/passkey/options': limit,
  'POST /api/login/mfa/passkey': limit,
  // Single sign-on's start reads the domain's connection and fetches the identity provider's discovery document.
  'POST /api/sso/start': limit,
  // SAML's assertion consumer service verifies an XML signature per post (docs/decisions/058).
  'POST /api/sso/saml/acs': limit,
  'POST /api/register': limit,
  'POST /api/password-reset/request': limit,
  'POST /api/password-reset/confirm': limit,
  'POST /api/password-reset/check': limit,
  'POST /api/email-verification/confirm': limit,
  'POST /api/invitations/lookup': limit,
  'POST /api/invitations/accept': limit,
  // The unsubscribe link's routes: each checks an HMAC and writes the user item (docs/decisions/055).
  'POST /api/mail-subscriptions/unsubscribe': limit,
  'POST /api/mail-subscriptions/resubscribe': limit,
  // Stripe retries a refused delivery with backoff, so a limit costs a late event, never a lost one.
  'POST /api/billing/webhook': limit,
});

/**
 * SCIM's writes (bearer token), a bucket of their own: a wave of sign-ins cannot hold back
 * provisioning, nor an import the sign-ins (issue 62, item 4). Identity providers retry a 429 with
 * backoff; a bulk import is paced, never lost. Each organization also has its own SCIM budget
 * (functions/capacity/organization-shares.ts).
 */
const scimWrites = (limit: Throttle): ApiThrottles['routes'] => ({
  'POST /api/scim/v2/Users': limit,
  'PUT /api/scim/v2/Users/{id}': limit,
  'PATCH /api/scim/v2/Users/{id}': limit,
  'DELETE /api/scim/v2/Users/{id}': limit,
  'POST /api/scim/v2/Groups': limit,
  'PUT /api/scim/v2/Groups/{id}': limit,
  'PATCH /api/scim/v2/Groups/{id}': limit,
  'DELETE /api/scim/v2/Groups/{id}': limit,
});

/**
 * Prod: sized from the request model for the target active users (infra/capacity-model.ts,
 * docs/scale.md); the tighter route limits keep a credential-stuffing wave from starving everyone else.
 */
const PROD_THROTTLE: ApiThrottles = {
  default: PROD_LIMITS.routeDefault,
  routes: { ...publicWrites(PROD_LIMITS.publicWrites), ...scimWrites(PROD_LIMITS.scimWrites) },
};

/** Previews and dev: a few people testing; low limits cap what a leaked preview URL can cost. */
const PREVIEW_THROTTLE: ApiThrottles = {
  default: { rateLimit: 20, burstLimit: 40 },
  routes: { ...publicWrites({ rateLimit: 5, burstLimit: 10 }), ...scimWrites({ rateLimit: 5, burstLimit: 10 }) },
};

const NO_RECIPIENTS: AlarmRecipients = { email: null, webhookUrl: null };

/** The product's sending domain, verified in SES in each account (README, Deploy). */
const SENDER = { from: 'Growthwise <no-reply@growthwise.example>', sesIdentity: 'growthwise.example', sendsPerSecond: 14 };
/** Previews and dev mail only the team: a preview's test data may hold real people's addresses. */
const TEAM_ONLY: MailConfig = { ...SENDER, allowedRecipients: ['@growthwise.example'] };

/** Stripe test mode: fill in the test-mode ids from the Stripe dashboard (they are public values). */
const STRIPE_TEST: WebRuntimeConfig = {
  stripePortalUrl: null,
  stripePublishableKey: null,
  stripePricingTableId: null,
};

/** A preview stage (pr-<n> or any other unnamed stage): disposable, in the preview account, Stripe in test mode. */
export const previewStage = (): StageConfig => ({
  rules: DISPOSABLE,
  account: 'preview',
  throttle: PREVIEW_THROTTLE,
  waf: null,
  web: STRIPE_TEST,
  alarmRecipients: NO_RECIPIENTS,
  originVerifyVersionId: null,
  logLevel: 'INFO',
  mail: TEAM_ONLY,
  backup: null,
  restoredTable: null,
  // A preview's texts are the local rules': no model calls to pay for, and no role more a preview (the account's
  // roles bind how many previews it holds: docs/deploy.md). dev runs the cloud path.
  assistant: null,
});

type NamedStage = 'prod' | 'dev';

/** The stages with a name of their own; any other valid name (pr-123, a developer's sandbox) is a preview. */
export const stages = {
  prod: {
    rules: KEEP_DATA,
    account: 'prod',
    throttle: PROD_THROTTLE,
    // Per person (address and session) far above a person using the app; per address, an office of PEOPLE_PER_ADDRESS.
    waf: PROD_LIMITS.waf,
    // Live-mode values from the Stripe dashboard (public values: safe to commit).
    web: { stripePortalUrl: null, stripePublishableKey: null, stripePricingTableId: null },
    // Fill in before the first prod deployment: an alarm nobody receives wakes nobody.
    alarmRecipients: NO_RECIPIENTS,
    originVerifyVersionId: null,
    logLevel: 'INFO',
    mail: { ...SENDER, allowedRecipients: null },
    // Point-in-time recovery covers the region's 35 days; four weekly copies cover losing the region or the
    // account (docs/decisions/108: 6 copies at most, not the 125 of a daily plan kept 35 and 90 days).
    backup: {
      weekDay: 'SUN',
      retentionDays: 7,
      copyRegion: 'eu-central-1',
      copyRetentionDays: 28,
      copyAccount: 'preview',
      lock: { minRetentionDays: 7, maxRetentionDays: 365, changeableForDays: 3 },
    },
    // After a restore, the new table (docs/runbook.md, "Restore the table", step 3).
    restoredTable: null,
    assistant: ASSISTANT_MODEL,
  },
  // A preview that stays: the team's shared stage, where the handlers log at DEBUG and the assistant writes with Bedrock.
  dev: { ...previewStage(), logLevel: 'DEBUG', assistant: ASSISTANT_MODEL },
} as const satisfies Record<NamedStage, StageConfig>;

/** Lower-case letters, digits and inner hyphens; short enough for every generated name. */
const STAGE_NAME = /^[a-z](?:[a-z0-9-]{0,18}[a-z0-9])?$/;
/** Names taken by the account-wide stacks (Growthwise-shared, Growthwise-edge, Growthwise-delivery[-prod|-preview]). */
const RESERVED = new Set(['shared', 'edge', 'delivery', 'delivery-prod', 'delivery-preview']);

export function stageConfig(name: string): StageConfig {
  if (!STAGE_NAME.test(name) || RESERVED.has(name)) {
    throw new Error(
      `Invalid stage "${name}": use lower-case letters, digits and hyphens (e.g. prod, dev, pr-42), at most 20 characters, not ${[...RESERVED].map((r) => `"${r}"`).join(', ')}.`,
    );
  }
  return name in stages ? stages[name as NamedStage] : previewStage();
}

/** The CloudFormation stack of a stage: one whole, independent environment. */
export const stackName = (stage: string) => `Growthwise-${stage}`;
/** The account-wide stack of what would otherwise count against per-account CloudFront quotas. */
export const SHARED_STACK_NAME = 'Growthwise-shared';
/** The prod account's stack in us-east-1, where CloudFront's web ACLs must be: each named stage's web ACL. */
export const EDGE_STACK_NAME = 'Growthwise-edge';

/** The named stages with a web ACL (`waf`), all in the prod account. */
export function stagesWithWebAcl(): { stage: NamedStage; limits: ApiRateLimits }[] {
  return (Object.entries(stages) as [NamedStage, StageConfig][]).flatMap(([stage, config]) => {
    if (config.waf === null) return [];
    if (config.account !== 'prod')
      throw new Error(
        `Stage ${stage}: a web ACL lives in ${EDGE_STACK_NAME}, in the prod account; ${stage} is in the ${config.account} account.`,
      );
    return [{ stage, limits: config.waf }];
  });
}
