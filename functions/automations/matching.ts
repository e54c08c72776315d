import type { AutomationConditions, AutomationTrigger, AutomationTriggerType } from '../../shared/schemas/automations';
import type { ChangeDescription } from '../events/change-event';
import type { ProjectItem } from '../projects/item';

/** The trigger a change can start, if any: a status among the fields changed, a member among those added. */
export function triggerTypeOf(change: ChangeDescription): AutomationTriggerType | undefined {
  switch (change.kind) {
    case 'project.created':
    case 'project.due_soon':
    case 'project.overdue':
    case 'comment.created':
      return change.kind;
    case 'project.updated':
      return change.fields?.status ? 'project.status_changed' : undefined;
    case 'project.members_changed':
      return (change.members?.added.length ?? 0) > 0 ? 'project.member_added' : undefined;
    default:
      return undefined;
  }
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Whether `text` holds `phrase` as words (case-insensitive): 'approved' in 'Approved!', not in 'unapproved'. */
export function holdsPhrase(text: string, phrase: string): boolean {
  const haystack = text.toLocaleLowerCase('en-US');
  const needle = phrase.trim().toLocaleLowerCase('en-US');
  if (!needle) return true;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1];
    const after = haystack[at + needle.length];
    if ((!before || !WORD_CHARACTER.test(before)) && (!after || !WORD_CHARACTER.test(after))) return true;
  }
  return false;
}

/** Whether the rule's trigger, beyond its type, matches the change (a status's from and to, a due-soon's days, a comment's words). */
export function triggerMatches(trigger: AutomationTrigger, change: ChangeDescription): boolean {
  switch (trigger.type) {
    case 'project.status_changed': {
      const status = change.fields?.status;
      if (!status) return false;
      return (!trigger.from || trigger.from === status.from) && (!trigger.to || trigger.to === status.to);
    }
    case 'project.due_soon':
      return change.dueInDays === trigger.days;
    case 'comment.created':
      return !trigger.contains || holdsPhrase(change.comment?.text ?? '', trigger.contains);
    default:
      return true;
  }
}

/** Why the conditions do not hold for the project as it is now, or undefined when all do. */
export function unmetCondition(conditions: AutomationConditions, project: ProjectItem, memberCount: number): string | undefined {
  if (conditions.statusIn && !conditions.statusIn.includes(project.status as never))
    return 'The project’s status is not one of those chosen';
  if (conditions.nameContains && !holdsPhrase(project.name, conditions.nameContains))
    return `The project’s name does not contain “${conditions.nameContains}”`;
  if (conditions.hasDueDate && !project.dueDate) return 'The project has no due date';
  if (conditions.hasNoMembers && memberCount > 0) return 'The project has members';
  return undefined;
}
