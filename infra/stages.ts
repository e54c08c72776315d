import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/** The web app's runtime settings, served as /config.json: one build serves every stage. */
export interface WebRuntimeConfig {
  /** Stripe customer portal link ('Manage Subscription'); null hides nothing but the link. */
  stripePortalUrl: string | null;
  /** Publishable (public) key; test-mode keys (pk_test_…) for every stage but prod. */
  stripePublishableKey: string | null;
  /** Pricing table id (prctbl_…); null when the stage shows no pricing table. */
  stripePricingTableId: string | null;
}

/** What decides whether a stage keeps its data: the only settings in which prod and a preview differ. */
export interface StageRules {
  removalPolicy: RemovalPolicy.RETAIN | RemovalPolicy.DESTROY;
  deletionProtection: boolean;
  pointInTimeRecovery: boolean;
  alarms: boolean;
  /** Empty the web bucket when the stack is deleted (only possible with DESTROY). */
  autoDeleteObjects: boolean;
  logRetention: RetentionDays;
}

/** Everything the stack needs to know about one stage. */
export interface StageConfig {
  rules: StageRules;
  /** HTTP API stage throttling (requests per second, burst). */
  throttle: { rateLimit: number; burstLimit: number };
  web: WebRuntimeConfig;
  /** Who gets the prod alarms (an SNS email subscription); null: subscribe in the console. */
  alarmEmail: string | null;
  /** The handlers' log level (Powertools Logger): INFO writes one line per request. */
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
}

/** Prod: data outlives the stack; watched by alarms. */
export const KEEP_DATA: StageRules = {
  removalPolicy: RemovalPolicy.RETAIN,
  deletionProtection: true,
  pointInTimeRecovery: true,
  alarms: true,
  autoDeleteObjects: false,
  logRetention: RetentionDays.THREE_MONTHS,
};

/** Previews and dev: everything goes with the stack, nothing is kept for long. */
export const DISPOSABLE: StageRules = {
  removalPolicy: RemovalPolicy.DESTROY,
  deletionProtection: false,
  pointInTimeRecovery: false,
  alarms: false,
  autoDeleteObjects: true,
  logRetention: RetentionDays.ONE_WEEK,
};

const THROTTLE = { rateLimit: 50, burstLimit: 100 };

/** Stripe test mode: fill in the test-mode ids from the Stripe dashboard (they are public values). */
const STRIPE_TEST: WebRuntimeConfig = {
  stripePortalUrl: null,
  stripePublishableKey: null,
  stripePricingTableId: null,
};

export type NamedStage = 'prod' | 'dev';

/** The stages with a name of their own; any other valid name (pr-123, a developer's sandbox) is a preview. */
export const stages = {
  prod: {
    rules: KEEP_DATA,
    throttle: THROTTLE,
    // Live-mode values from the Stripe dashboard (public values: safe to commit).
    web: { stripePortalUrl: null, stripePublishableKey: null, stripePricingTableId: null },
    alarmEmail: null,
    logLevel: 'INFO',
  },
  dev: { rules: DISPOSABLE, throttle: THROTTLE, web: STRIPE_TEST, alarmEmail: null, logLevel: 'DEBUG' },
} as const satisfies Record<NamedStage, StageConfig>;

/** A preview stage (pr-<n> or any other unnamed stage): disposable, Stripe in test mode. */
export const previewStage = (): StageConfig => ({ rules: DISPOSABLE, throttle: THROTTLE, web: STRIPE_TEST, alarmEmail: null, logLevel: 'INFO' });

/** Lower-case letters, digits and inner hyphens; short enough for every generated name. */
export const STAGE_NAME = /^[a-z](?:[a-z0-9-]{0,18}[a-z0-9])?$/;
/** Names taken by the account-wide stack. */
const RESERVED = new Set(['shared']);

export function stageConfig(name: string): StageConfig {
  if (!STAGE_NAME.test(name) || RESERVED.has(name)) {
    throw new Error(
      `Invalid stage "${name}": use lower-case letters, digits and hyphens (e.g. prod, dev, pr-42), at most 20 characters, not "shared".`,
    );
  }
  return name in stages ? stages[name as NamedStage] : previewStage();
}

/** The CloudFormation stack of a stage: one whole, independent environment. */
export const stackName = (stage: string) => `Growthwise-${stage}`;
/** The account-wide stack of what would otherwise count against per-account CloudFront quotas. */
export const SHARED_STACK_NAME = 'Growthwise-shared';
