import { describe, expect, it } from 'vitest';
import type { ChangeDescription } from '../events/change-event';
import type { ProjectItem } from '../projects/item';
import { holdsPhrase, triggerMatches, triggerTypeOf, unmetCondition } from './matching';

const actor = { type: 'person' as const, id: 'u', name: 'Ada' };
const change = (extra: Partial<ChangeDescription>): ChangeDescription => ({
  kind: 'project.updated',
  projectId: 'p',
  actor,
  ...extra,
});

describe('which rules a change starts', () => {
  it('names the trigger of a change: a status among the fields, someone among those added', () => {
    expect(triggerTypeOf(change({ fields: { status: { from: 'planning', to: 'completed' } } }))).toBe('project.status_changed');
    expect(triggerTypeOf(change({ fields: { name: { from: 'a', to: 'b' } } }))).toBeUndefined();
    expect(triggerTypeOf(change({ kind: 'project.members_changed', members: { added: ['u2'], removed: [] } }))).toBe(
      'project.member_added',
    );
    expect(triggerTypeOf(change({ kind: 'project.members_changed', members: { added: [], removed: ['u2'] } }))).toBeUndefined();
    expect(triggerTypeOf(change({ kind: 'project.deleted' }))).toBeUndefined();
  });

  it("matches a status change's from and to, a due-soon's days and a comment's words", () => {
    const moved = change({ fields: { status: { from: 'planning', to: 'completed' } } });
    expect(triggerMatches({ type: 'project.status_changed', to: 'completed' }, moved)).toBe(true);
    expect(triggerMatches({ type: 'project.status_changed', from: 'on_hold', to: 'completed' }, moved)).toBe(false);
    expect(triggerMatches({ type: 'project.due_soon', days: 3 }, change({ kind: 'project.due_soon', dueInDays: 3 }))).toBe(true);
    expect(triggerMatches({ type: 'project.due_soon', days: 3 }, change({ kind: 'project.due_soon', dueInDays: 1 }))).toBe(false);
    const comment = (text: string) => change({ kind: 'comment.created', comment: { id: 'c', text } });
    expect(triggerMatches({ type: 'comment.created', contains: 'approved' }, comment('Looks good: APPROVED!'))).toBe(true);
    expect(triggerMatches({ type: 'comment.created', contains: 'approved' }, comment('unapproved draft'))).toBe(false);
  });

  it('finds a phrase as whole words in any case, letters of any script included', () => {
    expect(holdsPhrase('Please staff it today', 'STAFF IT')).toBe(true);
    expect(holdsPhrase('unstaff items', 'staff it')).toBe(false);
    expect(holdsPhrase('Genehmigt: ja', 'genehmigt')).toBe(true);
    expect(holdsPhrase('éapproved', 'approved')).toBe(false);
  });

  it('says which condition does not hold', () => {
    const project = { name: 'Spring launch', status: 'planning', dueDate: null } as unknown as ProjectItem;
    expect(unmetCondition({ statusIn: ['planning'], nameContains: 'spring' }, project, 0)).toBeUndefined();
    expect(unmetCondition({ statusIn: ['completed'] }, project, 0)).toBe('The project’s status is not one of those chosen');
    expect(unmetCondition({ hasDueDate: true }, project, 0)).toBe('The project has no due date');
    expect(unmetCondition({ hasNoMembers: true }, project, 2)).toBe('The project has members');
  });
});
