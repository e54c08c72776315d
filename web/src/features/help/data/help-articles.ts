import { PRODUCT_NAME } from '@shared/product';

export interface HelpArticle {
  id: string;
  title: string;
  description: string;
  category: 'Basics' | 'Projects' | 'Administration' | 'Billing' | 'Security';
  /** The article itself: a few paragraphs, shown when the reader opens it. */
  body: readonly string[];
  /** Words people search for that the text does not use (abbreviations, other products' names). */
  keywords?: readonly string[];
}

/** The Help Center's static articles: one per category (spec section 2), each with its text. */
export const helpArticles: readonly HelpArticle[] = [
  {
    id: 'getting-started',
    title: `Getting started with ${PRODUCT_NAME}`,
    description: 'Find your way around the dashboard, the projects search (Ctrl+K or Cmd+K), notifications and your avatar menu.',
    category: 'Basics',
    body: [
      "The dashboard is your home page: it shows your organization's projects at a glance, how they are spread across the statuses, and what changed recently.",
      'To jump to any project, press Ctrl+K (Cmd+K on a Mac) anywhere in the app, or use the search box in the top bar, and type part of its name. Use the arrow keys to pick a result and Enter to open it.',
      'The bell in the top bar shows your notifications, such as being added to a project or a project of yours changing status. Your avatar menu leads to User Settings, Account Settings, Billing and Logout.',
      'Notifications are kept for 90 days, and for 30 days once you open one. Mark all as read clears the badge at once, however many there are.',
    ],
  },
  {
    id: 'managing-projects',
    title: 'Creating and managing projects',
    description: 'Create a project, set its status and due date, and choose the team members who work on it.',
    category: 'Projects',
    body: [
      'Open Projects in the sidebar and choose New Project. Give the project a name, and optionally a description, a status, a due date and the team members who work on it. Every project starts as Planning unless you choose otherwise.',
      'Change a status straight from the list with the coloured status control in each row: Planning, In Progress, Completed or On Hold. A project whose due date has passed and which is not completed is marked Overdue.',
      'With many projects, filter the list by status or by part of the name, and sort it by name, due date or creation date by clicking the column headers. The filters and the order are part of the page address, so you can bookmark or share the view.',
      'Use Manage Members to change who works on a project, Edit to change its details, and Delete to remove it for good.',
    ],
  },
  {
    id: 'automate-routine-work',
    title: 'Automate routine work',
    description:
      'Let rules do the routine steps: when a project changes, check conditions, then comment, notify, add people or set a status.',
    category: 'Projects',
    body: [
      'An automation is a rule with three parts. When: what starts it (a project is created, its status changes, its due date is a few days away or has passed, someone is added, or someone comments, optionally with certain words). If: conditions that must all hold (the status is one of those you choose, the name contains a word, it has a due date, it has no members). Then: up to five actions, done in order (set the status, add or remove people, set the due date, send a notification, post a comment).',
      "Open a project and choose Add automation in its Automations section. Start from a preset, such as 'When the status becomes Completed, comment and notify the members', or from scratch, then go through When, If and Then. Anyone in the organization can add automations to a project; administrators also add rules for every project in Account Settings, on the Automations tab.",
      "Automations run a moment after the change that starts them. What they do is shown as 'Automation: <its name>' in the activity, the discussion and the audit log. Each rule has an on/off switch, shows its last run, and keeps a run history: which change started it, what each action did, and why a run was skipped, failed or stopped.",
      'Rules that start each other stop after five in a row, so two rules that undo each other cannot run forever. If an action fails (for example, the person to add has left the organization) the run says why and the actions after it are not done. Deleting a project deletes its automations.',
    ],
    keywords: ['automation', 'rules', 'workflow', 'trigger', 'when', 'then', 'preset', 'recipe'],
  },
  {
    id: 'what-the-assistant-sees-and-does',
    title: 'What the assistant sees and does',
    description:
      'What the assistant reads to summarize a project or draft a brief, what it never does, and how administrators turn it off.',
    category: 'Basics',
    body: [
      "Summarize, on a project's page, writes a few sentences on where the project stands. It reads only that project: its name, status, due date and description, its members' names, and its latest 50 activity entries and 50 comments. Draft with the assistant, in the Create New Project dialog, reads only the name you typed. Nothing of another organization is ever read or sent.",
      "Where a language model is set up, the text is written by Amazon Bedrock, and the page names the model. Your organization's text is sent as data to describe, never as instructions: a comment that says 'ignore your instructions' is summarized, not obeyed. Where no model is set up, the text is put together by fixed rules, and the page says 'Written without a language model'.",
      'The assistant never changes anything. A summary is shown for you to read and copy; a draft goes into the description field, and nothing is saved until you choose Create Project. Prompts and texts are not stored: only how many texts your organization had written today is counted, against a daily allowance of your plan.',
      "Needs attention, on the dashboard, names the projects that are overdue, due within 7 days and still Planning, In Progress with no activity for 14 days, without members, or whose people are on more than 8 projects due in the next 14 days. It is worked out from your organization's own projects by rules, with no language model.",
      'Administrators turn the assistant off, or on again, in Account Settings on the Organization tab (Let members use the assistant). While it is off, Summarize and Draft with the assistant are gone for everyone; the same box shows how much of the daily allowance was used today.',
    ],
    keywords: ['ai', 'assistant', 'summary', 'summarize', 'brief', 'draft', 'bedrock', 'model', 'privacy', 'recommendations'],
  },
  {
    id: 'organization-users',
    title: 'Adding users to your organization',
    description: 'Administrators can rename the organization and add, edit or remove users as Administrator or Staff.',
    category: 'Administration',
    body: [
      'Administrators manage the organization from Account Settings. The Organization tab renames the organization; the Users tab lists everyone in it with their role.',
      'Choose Add User to create an account for a colleague with their full name, email address, a first password and a role. Administrators can manage users and billing; Staff work on projects.',
      "Edit changes a user's name, role or password. Remove takes a user out of the organization for good. Your own row says Current User: another administrator manages your account.",
      'To let colleagues choose their own password, choose Invite User instead: we email them a link that is valid for 7 days. Pending invitations are listed under the users, where you can resend or revoke each one.',
      'The Audit Log tab records who signed in, changed a role, invited or removed someone. Filter it by person, action or dates, and choose Export CSV to download what the filters show.',
    ],
    keywords: ['invite', 'team', 'members', 'colleagues', 'export', 'csv', 'history', 'activity', 'admin'],
  },
  {
    id: 'subscription-and-invoices',
    title: 'Managing your subscription and invoices',
    description: 'Change your plan, update your payment method and download invoices from the customer portal.',
    category: 'Billing',
    body: [
      "Administrators find the organization's plan on the Billing page, reached from the avatar menu. It shows the current subscription, the plans you can move to and your past invoices.",
      'Manage Subscription opens the customer portal of our payment provider, where you change plan, update the payment method or cancel. Changes made there show on the Billing page within moments.',
      'Invoice History lists each invoice with its date, amount and status, with a link to download it. Staff members see that billing is handled by their administrator.',
    ],
  },
  {
    id: 'account-security',
    title: 'Keeping your account secure',
    description: 'Choose a strong password, change it from User Settings, and sign out on devices you no longer use.',
    category: 'Security',
    body: [
      'Use a password of at least 6 characters that you do not use anywhere else; very common passwords are refused. Change it any time under User Settings with Change password.',
      'User Settings also lists where you are signed in. If you see a device you do not recognise, or have signed in on a shared computer, sign out of the other sessions from there.',
      'Forgot your password? Choose Forgot your password on the sign-in page and we will email you a link to set a new one. The link works once and expires after an hour.',
      'Turn on two-factor authentication under User Settings: scan the code with an authenticator app, enter the 6-digit code it shows, and keep the recovery codes somewhere safe. Administrators can require two-factor for every member from Account Settings.',
    ],
    keywords: ['2FA', 'MFA', 'two-factor', 'authenticator', 'TOTP', 'login', 'sign in', 'sessions'],
  },
];

const searchableText = (article: HelpArticle) =>
  [article.title, article.description, article.category, ...article.body, ...(article.keywords ?? [])].join('\n').toLowerCase();

/**
 * Articles that contain every word of the search, ignoring case: in the title, description or
 * category (spec section 2) and also in the text and keywords, so 'invite' or '2FA' find the article
 * that explains them.
 */
export function searchHelpArticles(articles: readonly HelpArticle[], search: string): readonly HelpArticle[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return articles;
  return articles.filter((article) => {
    const text = searchableText(article);
    return words.every((word) => text.includes(word));
  });
}
