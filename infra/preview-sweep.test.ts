import { describe, expect, it } from 'vitest';
import { type PullRequestAnswer, type StackSummary, decide, pullRequestOf, sweep } from './preview-sweep';

function clients(stacks: StackSummary[], answers: Record<number, PullRequestAnswer>, failing: string[] = []) {
  const deleted: string[] = [];
  const lines: string[] = [];
  return {
    deleted,
    lines,
    listStacks: () => Promise.resolve(stacks),
    pullRequest: (number: number) => Promise.resolve(answers[number] ?? { error: 'GitHub answered 404' }),
    deleteStack: (name: string) => {
      if (failing.includes(name)) return Promise.reject(new Error('DELETE_FAILED'));
      deleted.push(name);
      return Promise.resolve();
    },
    log: (line: string) => lines.push(line),
  };
}

describe('preview sweep', () => {
  it('reads the pull request number of preview stacks only', () => {
    expect(pullRequestOf('Growthwise-pr-42')).toBe(42);
    for (const other of [
      'Growthwise-prod',
      'Growthwise-shared',
      'Growthwise-pr-',
      'Growthwise-pr-01',
      'Growthwise-pr-4x',
      'Other-pr-4',
    ]) {
      expect(pullRequestOf(other), other).toBeUndefined();
    }
  });

  it('deletes the preview of a closed pull request in any resting state, failed rollbacks included', () => {
    for (const status of ['UPDATE_COMPLETE', 'ROLLBACK_FAILED', 'UPDATE_ROLLBACK_FAILED', 'DELETE_FAILED', 'CREATE_FAILED']) {
      expect(decide({ name: 'Growthwise-pr-1', status }, { state: 'closed' }).action, status).toBe('delete');
    }
  });

  it("keeps open pull requests' previews and leaves stacks in progress alone", () => {
    expect(decide({ name: 'Growthwise-pr-1', status: 'ROLLBACK_FAILED' }, { state: 'open' }).action).toBe('keep');
    expect(decide({ name: 'Growthwise-pr-1', status: 'UPDATE_IN_PROGRESS' }, { state: 'closed' }).action).toBe('skip');
    expect(decide({ name: 'Growthwise-pr-1', status: 'DELETE_IN_PROGRESS' }, { state: 'closed' }).action).toBe('skip');
  });

  it('skips, never deletes, when asking about the pull request fails', () => {
    for (const error of ['GitHub answered 404', 'GitHub answered 403', 'GitHub answered 502', 'fetch failed']) {
      expect(decide({ name: 'Growthwise-pr-1', status: 'UPDATE_ROLLBACK_FAILED' }, { error }).action, error).toBe('skip');
    }
  });

  it('sweeps: deletes closed previews only, carries on past a failed delete, touches no other stack', async () => {
    const fake = clients(
      [
        { name: 'Growthwise-prod', status: 'UPDATE_COMPLETE' },
        { name: 'Growthwise-shared', status: 'UPDATE_COMPLETE' },
        { name: 'Growthwise-pr-1', status: 'ROLLBACK_FAILED' },
        { name: 'Growthwise-pr-2', status: 'UPDATE_COMPLETE' },
        { name: 'Growthwise-pr-3', status: 'UPDATE_ROLLBACK_FAILED' },
        { name: 'Growthwise-pr-4', status: 'UPDATE_COMPLETE' },
        { name: 'Growthwise-pr-5', status: 'DELETE_FAILED' },
      ],
      { 1: { state: 'closed' }, 2: { state: 'open' }, 3: { error: 'GitHub answered 502' }, 5: { state: 'closed' } },
      ['Growthwise-pr-5'],
    );
    const result = await sweep(fake);
    expect(result).toEqual({ deleted: ['Growthwise-pr-1'], failed: ['Growthwise-pr-5'] });
    expect(fake.deleted).toEqual(['Growthwise-pr-1']);
    expect(fake.lines.join('\n')).toMatch(/Growthwise-pr-4: skip, could not ask about its pull request \(GitHub answered 404\)/);
    expect(fake.lines.join('\n')).not.toMatch(/Growthwise-(prod|shared)/);
  });
});
