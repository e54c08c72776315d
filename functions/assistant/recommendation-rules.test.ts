import { describe, expect, it } from 'vitest';
import type { RecommendationSources } from './recommendation-reads';
import { busiestPeople, recommendationsOf } from './recommendation-rules';

const project = (id: string, status: string, dueDate: string | null, updatedAt = '2025-03-11T00:00:00.000Z') => ({
  id,
  name: `Project ${id}`,
  status,
  dueDate,
  updatedAt,
});

const empty: RecommendationSources = {
  today: '2025-03-12',
  overdue: [],
  planningDueSoon: [],
  inProgressOldest: [],
  recentActivity: [],
  dueWithinWindow: [],
  membersOf: new Map(),
};

describe('the recommendation rules', () => {
  it('orders the kinds by urgency, one reason a project, in sentences', () => {
    const due = Array.from({ length: 9 }, (_, index) => project(`d${index}`, 'planning', `2025-03-2${index % 5}`));
    const sources: RecommendationSources = {
      ...empty,
      overdue: [project('late', 'in_progress', '2025-03-11')],
      planningDueSoon: [project('soon', 'planning', '2025-03-12')],
      inProgressOldest: [
        project('quiet', 'in_progress', null, '2025-02-01T00:00:00.000Z'),
        project('late', 'in_progress', '2025-03-11'),
      ],
      dueWithinWindow: due,
      membersOf: new Map<string, string[]>([
        ...due.map((p): [string, string[]] => [p.id, ['u1']]),
        ['late', ['u2']],
        ['soon', []],
        ['quiet', ['u2']],
      ]),
    };
    const busy = busiestPeople(sources);
    expect(busy.map((person) => [person.userId, person.projects.length])).toEqual([['u1', 9]]);
    expect(recommendationsOf(sources, busy, new Map([['u1', 'Uma One']]))).toEqual([
      { projectId: 'late', projectName: 'Project late', kind: 'overdue', reason: 'Due 1 day ago and still In Progress' },
      { projectId: 'soon', projectName: 'Project soon', kind: 'planning_due_soon', reason: 'Due today and still Planning' },
      {
        projectId: 'd0',
        projectName: 'Project d0',
        kind: 'person_overloaded',
        reason: 'Uma One is on 9 active projects due in the next 14 days',
      },
      {
        projectId: 'quiet',
        projectName: 'Project quiet',
        kind: 'no_recent_activity',
        reason: 'No activity for 39 days and still In Progress',
      },
    ]);
  });

  it('says nothing of quiet projects when the activity read cannot reach back 14 days', () => {
    const sources: RecommendationSources = {
      ...empty,
      inProgressOldest: [project('quiet', 'in_progress', null, '2025-02-01T00:00:00.000Z')],
      membersOf: new Map([['quiet', ['u1']]]),
      recentActivity: Array.from({ length: 100 }, () => ({ projectId: 'other', createdAt: '2025-03-11T00:00:00.000Z' })),
    };
    expect(recommendationsOf(sources, [], new Map())).toEqual([]);
  });
});
