import { PROJECT_STATUS_LABELS, type ProjectStatus } from '@shared/project-statuses';
import type { ActivityEntryResponse } from '@shared/schemas/activity';
import { shortDate } from '../../lib/date-format';

const statusName = (value: string | null) =>
  value && value in PROJECT_STATUS_LABELS ? PROJECT_STATUS_LABELS[value as ProjectStatus] : (value ?? '');

/** 'Jan 5, 2025', as the projects list shows due dates; a value that is not a date is shown as it is. */
const day = (value: string | null) => shortDate(value, value ?? '');

const names = (members: string[]) => (members.length ? members.join(', ') : 'a former member');

/**
 * What the actor did, as the words after their name: 'changed the status from Planning to In
 * Progress'. With `withProject` (the organization's feed) the project is named where the words
 * would otherwise leave it unclear.
 */
export function activitySentence(entry: ActivityEntryResponse, withProject = false): string {
  const project = withProject ? ` ${entry.projectName}` : '';
  const of = withProject ? ` of ${entry.projectName}` : '';
  switch (entry.action) {
    case 'created':
      return `created the project${project}`;
    case 'renamed':
      return `renamed the project from ${entry.from} to ${entry.to}`;
    case 'description_changed':
      return `changed the description${of}`;
    case 'due_date_changed':
      if (!entry.from) return `set the due date${of} to ${day(entry.to)}`;
      if (!entry.to) return `removed the due date${of}`;
      return `changed the due date${of} from ${day(entry.from)} to ${day(entry.to)}`;
    case 'status_changed':
      return `changed the status${of} from ${statusName(entry.from)} to ${statusName(entry.to)}`;
    case 'members_added':
      return `added ${names(entry.members)} to the project${project}`;
    case 'members_removed':
      return `removed ${names(entry.members)} from the project${project}`;
    case 'deleted':
      return `deleted the project ${entry.projectName}`;
    case 'commented':
      return `commented on the project${project}`;
    case 'comment_deleted':
      return `deleted a comment${of}`;
  }
}
