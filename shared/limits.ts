/** Business constants of spec section 9 and the contract's limits, shared by web and functions. */
export const PASSWORD_MIN_LENGTH = 6;
/** bcrypt only reads 72 bytes: a longer password is rejected, never silently truncated. */
export const PASSWORD_MAX_BYTES = 72;
export const MAX_JSON_BODY_BYTES = 256 * 1024;
export const UNREAD_COUNT_POLL_MS = 30_000;
/** 'Due soon' (the dashboard's list, the projects list's due=soon) means a due date from today to this many days ahead. */
export const DUE_SOON_DAYS = 7;

/** Audit entries expire (DynamoDB TTL) this long after they were written. */
export const AUDIT_KEPT_DAYS = 400;
/** Project activity entries expire (DynamoDB TTL) this long after they were written. */
export const ACTIVITY_KEPT_DAYS = 365;
/** GET /api/projects/{id}/activity answers this many entries per page. */
export const ACTIVITY_PAGE_SIZE = 20;
/** The dashboard's 'Recent activity' shows the organization's newest entries. */
export const RECENT_ACTIVITY_SIZE = 10;
/** How long an invitation's link works, from its sending or its latest resend. */
export const INVITATION_LIFETIME_DAYS = 7;
/** Registration starts a trial of this many days. */
export const TRIAL_DAYS = 14;
/** Two-factor set-up gives this many single-use recovery codes. */
export const RECOVERY_CODE_COUNT = 10;
/** A security change needs the password or a two-factor code confirmed on the session this recently (docs/decisions/038). */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;
/** A project comment holds at most this many characters (issue 42). */
export const COMMENT_MAX_LENGTH = 5000;
/** A comment mentions at most this many people: each is a notification and a mail written after the fact. */
export const COMMENT_MENTIONS_MAX = 20;
/** GET /api/projects/{id}/comments answers this many comments per page. */
export const COMMENT_PAGE_SIZE = 30;

/** An automation does at most this many actions, in order (issue 64). */
export const AUTOMATION_ACTIONS_MAX = 5;
/** A chain of automations acting on each other's changes stops at this depth, its last run marked stopped (issue 64). */
export const AUTOMATION_DEPTH_MAX = 5;
/** An automation's name holds at most this many characters. */
export const AUTOMATION_NAME_MAX = 100;
/** A project, and the organization, each hold at most this many automations: evaluating an event reads those of its trigger, at most this many. */
export const AUTOMATIONS_PER_SCOPE_MAX = 100;
/** 'Due soon' triggers name a number of days ahead from 1 to this. */
export const AUTOMATION_DUE_SOON_DAYS_MAX = 30;
/** What a notify action or a comment action says, at most. */
export const AUTOMATION_MESSAGE_MAX = 1000;
/** GET /api/automations/{id}/runs answers this many runs per page. */
export const AUTOMATION_RUN_PAGE_SIZE = 20;
/** An action adds, removes or notifies at most this many people by name. */
export const AUTOMATION_PEOPLE_MAX = 100;

/** A project summary reads at most this many of the project's newest activity entries and comments each (issue 67). */
export const SUMMARY_SOURCES_MAX = 50;
/** A drafted brief holds fewer characters than this: the Create New Project dialog's description takes it whole. */
export const BRIEF_MAX_LENGTH = 5000;
/** A brief request's goal and audience, at most. */
export const BRIEF_FIELD_MAX = 1000;
/** The dashboard's 'Needs attention' names at most this many projects, most urgent first. */
export const RECOMMENDATIONS_MAX = 10;
/** A project still Planning this many days before its due date needs attention. */
export const PLANNING_DUE_DAYS = 7;
/** An In Progress project with no activity for this many days needs attention. */
export const STALE_DAYS = 14;
/** A person on more than this many active projects due within BUSY_WINDOW_DAYS is stretched thin. */
export const BUSY_PERSON_PROJECTS = 8;
export const BUSY_WINDOW_DAYS = 14;
