import { BRIEF_MAX_LENGTH } from '../../shared/limits';
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '../../shared/project-statuses';
import type { AssistantProvider, BriefData, SummaryData } from './provider';

/**
 * The provider of every stage without a model (locally, previews): the same data written into text
 * by rules. It never pretends to be a model: the answer says `provider: 'local'`, and the page
 * labels the text 'Written without a language model'.
 */
export const localProvider: AssistantProvider = {
  name: 'local',
  model: 'rules',
  async write(task) {
    const text = task.kind === 'summary' ? summaryOf(task.data) : briefOf(task.data);
    return { text, tokens: 0 };
  },
};

const DAY_MS = 24 * 60 * 60 * 1000;

const statusLabel = (status: string) => PROJECT_STATUS_LABELS[status as ProjectStatus] ?? status;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** 'A', 'A and B', 'A, B and C', then 'and N others' past five names. */
function listOf(names: string[]): string {
  const shown = names.slice(0, 5);
  const rest = names.length - shown.length;
  const items = rest > 0 ? [...shown, plural(rest, 'other')] : shown;
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function dueText(today: string, dueDate: string | null, status: string): string {
  if (!dueDate) return 'has no due date';
  const days = daysBetween(today, dueDate);
  if (days === 0) return `is due today (${dueDate})`;
  if (days > 0) return `is due on ${dueDate}, in ${plural(days, 'day')}`;
  return status === 'completed' ? `was due on ${dueDate}` : `was due on ${dueDate}, ${plural(-days, 'day')} ago`;
}

const ACTIONS: Record<string, (entry: SummaryData['activity'][number]) => string> = {
  created: () => 'created the project',
  renamed: (entry) => `renamed it to ${entry.to ?? 'a new name'}`,
  description_changed: () => 'changed its description',
  due_date_changed: (entry) => (entry.to ? `moved its due date to ${entry.to}` : 'removed its due date'),
  status_changed: (entry) => `changed its status to ${statusLabel(entry.to ?? '')}`,
  members_added: (entry) => `added ${listOf(entry.members)}`,
  members_removed: (entry) => `removed ${listOf(entry.members)}`,
  commented: () => 'commented',
  comment_deleted: () => 'deleted a comment',
};

/** A comment's first words on one line, at most 140 characters. */
function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139).trimEnd()}…` : line;
}

export function summaryOf(data: SummaryData): string {
  const { project } = data;
  const sentences = [
    `${project.name} is ${statusLabel(project.status)} and ${dueText(data.today, project.dueDate, project.status)}.`,
  ];
  sentences.push(
    data.members.length === 0
      ? 'It has no members yet.'
      : `${data.members.length === 1 ? 'Its member is' : `Its ${data.members.length} members are`} ${listOf(data.members)}.`,
  );
  const changes = data.activity.filter((entry) => entry.action !== 'commented');
  const latest = changes[0];
  if (latest) {
    const describe = ACTIONS[latest.action];
    sentences.push(
      `The latest change: ${latest.who} ${describe ? describe(latest) : latest.action.replaceAll('_', ' ')} on ${latest.at.slice(0, 10)}` +
        (changes.length > 1 ? `, one of ${plural(changes.length, 'change')} recorded lately.` : '.'),
    );
  } else sentences.push('No changes have been recorded lately.');
  const comment = data.comments[0];
  if (comment)
    sentences.push(
      `${plural(data.comments.length, 'recent comment')}; the latest, by ${comment.author} on ${comment.at.slice(0, 10)}: "${excerpt(comment.text)}"`,
    );
  else sentences.push('Nobody has commented yet.');
  return sentences.join(' ');
}

export function briefOf(data: BriefData): string {
  const goal = data.goal?.trim();
  const audience = data.audience?.trim();
  const brief = [
    'Objective',
    goal ? goal : `Decide what ${data.name} should achieve, and how you will know it did (one measurable result).`,
    '',
    'Audience',
    audience ? audience : 'Decide whom it is for: who they are, what they need, and where they can be reached.',
    '',
    'Channels',
    'Choose the channels that reach this audience (email, social media, the website, events, paid ads) and what each carries.',
    '',
    'Milestones',
    '1. Brief agreed by the team',
    '2. Content and assets ready',
    '3. Launch',
    '4. Results reviewed against the objective',
    '',
    'Risks',
    'Name what could delay or weaken it (approvals, budget, people, dates) and who watches each.',
  ].join('\n');
  return brief.slice(0, BRIEF_MAX_LENGTH - 1);
}
