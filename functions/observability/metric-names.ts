/**
 * The business and health metrics the handlers emit (CloudWatch embedded metric format) and the
 * dashboard draws: one list, so a metric cannot be emitted under one name and graphed under another.
 * To add an event: name it here, call `countMetric(name)` where it happens, and it gets a widget.
 */
export const BUSINESS_METRICS = {
  Registrations: 'Organizations registered (POST /api/register answered 201)',
  SignInsSucceeded: 'Sign-ins that started a session',
  SignInsFailed: 'Sign-ins refused for a wrong email or password',
  RequestsThrottled: 'Requests answered 429 (a limit of functions/throttles/rules.ts, or an organization past its share)',
  OrganizationRequestsRefused: "Requests refused because their organization used its plan's share (which: orgId in the log line)",
  ProjectsCreated: 'Projects created',
  NotificationsWritten: 'Notifications written (one per recipient)',
  MailsSent: 'Mails the mailer handed to SES (or SMTP locally)',
  MailsFailed: 'Mail sends that failed (tried again by the stream, then by the sweeper)',
  MailsUndeliverable: "Mails given up after their last try: marked 'failed' on the outbox item (alarmed)",
  MailsSkipped: "Mails not sent: the recipient is outside a preview stage's allow-list",
  FanOutRecordsParked: "Stream records the fan-out failed on each of the stream's tries, parked for the sweeper's later tries",
  FanOutRecordsGivenUp: "Parked records that failed every later try: left 'failed' for the runbook's redrive (alarmed)",
  AutomationRuns: 'Automation runs an event started (each rule once per event, whatever its outcome)',
  AssistantGenerations:
    "Texts the assistant wrote (a summary or a brief); each organization's own count is on its item, never with a prompt",
  WebhooksDelivered: 'Webhook tries their endpoint answered with a 2xx within 10 s',
  WebhookTriesFailed:
    'Webhook tries that failed (another status, a refused address, no answer in time): retried on the schedule, then failed',
} as const;

export type BusinessMetric = keyof typeof BUSINESS_METRICS;

/** Powertools' own metric, one per cold start, with a `function_name` dimension. */
export const COLD_START_METRIC = 'ColdStart';

/** Every metric carries this `service` dimension (and nothing else, so the dashboard can sum them). */
export const METRICS_SERVICE = 'growthwise';

/** One namespace per stage: a preview's test traffic never mixes with prod's figures. */
export const metricsNamespace = (stage: string) => `Growthwise/${stage}`;
