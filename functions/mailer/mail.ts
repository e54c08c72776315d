/**
 * Every mail the product sends, by template, with the data its template needs. Links are not
 * data: the mailer builds them from the stage's own site URL, so an outbox item never names a host.
 */
export type Mail =
  | { template: 'password-reset'; data: { token: string } }
  | { template: 'password-changed'; data: { fullName: string } }
  | { template: 'password-reset-by-sso'; data: { address: string } }
  | { template: 'email-verification'; data: { fullName: string; token: string } }
  | { template: 'welcome'; data: { fullName: string; organizationName: string; addedByName: string; token?: string } }
  | { template: 'invitation'; data: InvitationMailData }
  | { template: 'invitation-attempt'; data: { attemptedAt: string } }
  | { template: 'sign-in-code'; data: { fullName: string; code: string } }
  | { template: 'payment-failed'; data: { fullName: string; organizationName: string } }
  | { template: 'trial-ending'; data: { fullName: string; organizationName: string; trialEnd: string | null } }
  | { template: 'mfa-enabled'; data: { fullName: string } }
  | { template: 'mfa-disabled'; data: { fullName: string } }
  | { template: 'mfa-recovery-code-used'; data: { fullName: string; remaining: number } }
  | { template: 'mfa-reset'; data: { fullName: string; resetByName: string } }
  | { template: 'mfa-removed-by-password-reset'; data: { fullName: string } }
  | { template: 'mfa-recovery-codes-regenerated'; data: { fullName: string } }
  | { template: 'passkey-added'; data: { fullName: string; passkeyName: string } }
  | { template: 'passkey-removed'; data: { fullName: string; passkeyName: string } }
  | { template: 'passkey-cloned'; data: { fullName: string; passkeyName: string } }
  | { template: 'mention'; data: MentionMailData }
  | { template: 'due-reminder'; data: DueReminderMailData }
  | { template: 'weekly-digest'; data: WeeklyDigestMailData }
  | { template: 'webhook-disabled'; data: WebhookDisabledMailData };

/**
 * A mail whose content the recipient's account decides, resolved by the mailer as it sends
 * (docs/decisions/098): the request that queues it writes the same items whether or not the
 * address has an account, so neither its answer nor its work tells which addresses exist.
 */
export type DeferredMail = { template: 'password-reset-request'; data: { address: string } };

/** What an outbox item holds: a mail ready to render, or one to resolve first. */
export type QueuedMail = Mail | DeferredMail;

/**
 * How the mailer resolves each deferred mail: the mail to send and to which address, or undefined
 * when there is none to send (no account holds the address). Given by the mailer's entry points,
 * so that the mailer's folder imports no resource folder.
 */
export type DeferredMailResolvers = {
  [M in DeferredMail as M['template']]: (mail: M, now: number) => Promise<{ to: string; mail: Mail } | undefined>;
};

/** Whose mail of a list it is: the unsubscribe link names them (docs/decisions/055). */
export interface ListRecipient {
  userId: string;
  orgId: string;
}

/** The product turned one of the organization's webhooks off (functions/webhooks/endpoint-health.ts). */
export interface WebhookDisabledMailData {
  fullName: string;
  organizationName: string;
  url: string;
  /** Why, as a sentence without its full stop: 'Your endpoint answered 410 Gone'. */
  reason: string;
}

/** A project of the recipient's is due tomorrow, or became overdue today. */
export interface DueReminderMailData {
  fullName: string;
  /** Absent on mails queued before the unsubscribe link existed: they go without one. */
  recipient?: ListRecipient;
  kind: 'due-tomorrow' | 'overdue';
  projectName: string;
  dueDate: string;
  path: string;
}

/** A line of the weekly digest: what it says and where it leads in the app. */
export interface DigestLine {
  text: string;
  path: string;
}

/** A section of the weekly digest: its first lines, and how many more there were. */
export interface DigestSection {
  lines: DigestLine[];
  more: number;
}

/** Monday's mail of a person's projects (docs/decisions/061): the week it tells of (its Monday) and each section, empty or not. */
export interface WeeklyDigestMailData {
  fullName: string;
  recipient: ListRecipient;
  week: string;
  mentions: DigestSection;
  dueThisWeek: DigestSection;
  overdue: DigestSection;
  statusChanges: DigestSection;
  comments: DigestSection;
}

/** Someone mentioned the recipient in a project's comment: who, where, the comment's start, and the path of the comment in the app. */
export interface MentionMailData {
  fullName: string;
  /** Absent on mails queued before mentions had an unsubscribe link: they go without one. */
  recipient?: ListRecipient;
  authorName: string;
  projectName: string;
  excerpt: string;
  path: string;
}

/** An invitation to join an organization: who invites, to which role, until when (an ISO instant), and the link's token. */
export interface InvitationMailData {
  organizationName: string;
  invitedByName: string;
  role: 'admin' | 'staff';
  expiresAt: string;
  token: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Extra message headers (List-Unsubscribe and List-Unsubscribe-Post of a list's mail). */
  headers?: Record<string, string>;
}

/** A list mail's way out: the page the footer links to and the URL of the one-click POST (RFC 8058). */
export interface UnsubscribeLinks {
  pageUrl: string;
  oneClickUrl: string;
}
