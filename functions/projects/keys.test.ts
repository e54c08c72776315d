import { describe, expect, it } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import {
  dueDayKey,
  openDueBefore,
  openDueThrough,
  projectCollections,
  projectIndexKeys,
  projectKeys,
  projectMembersKey,
  statusKeyPrefix,
} from './keys';

// Written down as literals before the key builders moved out of functions/db/keys.ts, so a refactor that changes a key fails here.
describe('the key strings stored items carry', () => {
  pinBuilders('projectKeys', projectKeys, {
    project: [['o1', 'p1'], { PK: 'ORG#o1', SK: 'PROJECT#p1' }],
    projectMembers: [['o1', 'p1'], { PK: 'ORG#o1', SK: 'MEMBERS#p1' }],
    membership: [['o1', 'u1', 'p1'], { PK: 'ORG#o1#MEMBER#u1', SK: 'PROJECT#p1' }],
    projectWord: [['o1', 'spring', 'p1'], { PK: 'ORG#o1#WORDS', SK: 'spring\u0001p1' }],
    projectFigures: [['o1'], { PK: 'ORG#o1', SK: 'FIGURES#PROJECTS' }],
    projectActivity: [['o1', 'p1', 'a1'], { PK: 'ORG#o1', SK: 'ACTIVITY#p1#a1' }],
    dueReminder: [['o1', 'p1', 'overdue', '2026-01-02'], { PK: 'REMINDER#o1#p1#overdue#2026-01-02', SK: 'REMINDER' }],
  });
  pinBuilders('projectCollections', projectCollections, {
    projectsOfOrganization: [['o1'], { PK: 'ORG#o1', prefix: 'PROJECT#' }],
    memberSetsOfOrganization: [['o1'], { PK: 'ORG#o1', prefix: 'MEMBERS#' }],
    membershipsOfUser: [['o1', 'u1'], { PK: 'ORG#o1#MEMBER#u1', prefix: 'PROJECT#' }],
    projectWordsBeginning: [['o1', 'spr'], { PK: 'ORG#o1#WORDS', prefix: 'spr' }],
    activityOfProject: [['o1', 'p1'], { PK: 'ORG#o1', prefix: 'ACTIVITY#p1#' }],
    activityOfOrganization: [['o1'], { PK: 'ORG#o1', prefix: 'ACTIVITY#' }],
  });

  it('keeps the index keys of projects', () => {
    expect(projectIndexKeys({ id: 'p1', name: 'Spring Launch', status: 'in_progress', dueDate: '2026-01-02' })).toEqual({
      nameKey: 'spring launch\u0001p1',
      dueKey: '2026-01-02\u0001spring launch\u0001p1',
      statusKey: '1\u0001spring launch\u0001p1',
      statusCreatedKey: '1\u0001p1',
      statusDueKey: '1\u00012026-01-02\u0001spring launch\u0001p1',
      openListDueKey: '2026-01-02\u0001spring launch\u0001p1',
      openDueKey: '2026-01-02\u0001p1',
      dueDayKey: 'DUE#2026-01-02',
    });
    expect(projectIndexKeys({ id: 'p1', name: 'Done', status: 'completed', dueDate: null })).toEqual({
      nameKey: 'done\u0001p1',
      dueKey: '~\u0001done\u0001p1',
      statusKey: '2\u0001done\u0001p1',
      statusCreatedKey: '2\u0001p1',
      statusDueKey: '2\u0001~\u0001done\u0001p1',
      openListDueKey: undefined,
      openDueKey: undefined,
      dueDayKey: undefined,
    });
    expect(['planning', 'in_progress', 'completed', 'on_hold', 'no such status'].map(statusKeyPrefix)).toEqual([
      '0\u0001',
      '1\u0001',
      '2\u0001',
      '3\u0001',
      '4\u0001',
    ]);
    expect(dueDayKey('2026-01-02')).toBe('DUE#2026-01-02');
    expect(projectMembersKey('o1', 'p1')).toBe('ORG#o1#PROJECT#p1#MEMBERS');
    expect(openDueBefore('2026-01-02')).toBe('2026-01-02');
    expect(openDueThrough('2026-01-02')).toBe('2026-01-02\u0001~');
  });
});
