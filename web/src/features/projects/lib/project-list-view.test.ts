import { describe, expect, it } from 'vitest';
import type { ProjectResponse } from '@shared/schemas/projects';
import { applyListView, isOverdue, readListView, toggleSort, writeListView } from './project-list-view';

const project = (name: string, overrides: Partial<ProjectResponse> = {}): ProjectResponse =>
  ({ id: name, name, description: null, status: 'planning', dueDate: null, createdAt: '2026-01-01T00:00:00.000Z', ...overrides }) as ProjectResponse;

const names = (projects: ProjectResponse[]) => projects.map((item) => item.name);

describe('readListView / writeListView', () => {
  it('reads the status, name filter, sort and order from the URL and writes them back', () => {
    const params = new URLSearchParams('status=in_progress&q=launch&sort=dueDate&order=desc');
    const view = readListView(params);
    expect(view).toEqual({ status: 'in_progress', name: 'launch', sort: 'dueDate', order: 'desc' });
    expect(writeListView(view).toString()).toBe('status=in_progress&q=launch&sort=dueDate&order=desc');
  });

  it('ignores unknown values and leaves defaults out of the URL', () => {
    const view = readListView(new URLSearchParams('status=archived&sort=owner&order=sideways'));
    expect(view).toEqual({ status: null, name: '', sort: null, order: 'asc' });
    expect(writeListView(view).toString()).toBe('');
  });
});

describe('toggleSort', () => {
  it('sorts a new column ascending and flips the current one', () => {
    const view = readListView(new URLSearchParams());
    const byName = toggleSort(view, 'name');
    expect(byName).toMatchObject({ sort: 'name', order: 'asc' });
    expect(toggleSort(byName, 'name')).toMatchObject({ sort: 'name', order: 'desc' });
    expect(toggleSort(toggleSort(byName, 'name'), 'dueDate')).toMatchObject({ sort: 'dueDate', order: 'asc' });
  });
});

describe('applyListView', () => {
  const projects = [
    project('beta launch', { status: 'in_progress', dueDate: '2026-03-01', createdAt: '2026-01-03T00:00:00.000Z' }),
    project('Alpha', { dueDate: null, createdAt: '2026-01-01T00:00:00.000Z' }),
    project('Gamma launch', { status: 'completed', dueDate: '2026-02-01', createdAt: '2026-01-02T00:00:00.000Z' }),
  ];

  it('keeps the server order without a sort', () => {
    expect(names(applyListView(projects, readListView(new URLSearchParams())))).toEqual(['beta launch', 'Alpha', 'Gamma launch']);
  });

  it('filters by status and by part of the name, ignoring case', () => {
    expect(names(applyListView(projects, readListView(new URLSearchParams('status=in_progress'))))).toEqual(['beta launch']);
    expect(names(applyListView(projects, readListView(new URLSearchParams('q=LAUNCH'))))).toEqual(['beta launch', 'Gamma launch']);
  });

  it('sorts by name ignoring case, both ways', () => {
    expect(names(applyListView(projects, readListView(new URLSearchParams('sort=name'))))).toEqual(['Alpha', 'beta launch', 'Gamma launch']);
    expect(names(applyListView(projects, readListView(new URLSearchParams('sort=name&order=desc'))))).toEqual(['Gamma launch', 'beta launch', 'Alpha']);
  });

  it('sorts by due date with projects without one last in both directions', () => {
    expect(names(applyListView(projects, readListView(new URLSearchParams('sort=dueDate'))))).toEqual(['Gamma launch', 'beta launch', 'Alpha']);
    expect(names(applyListView(projects, readListView(new URLSearchParams('sort=dueDate&order=desc'))))).toEqual(['beta launch', 'Gamma launch', 'Alpha']);
  });

  it('sorts by created date', () => {
    expect(names(applyListView(projects, readListView(new URLSearchParams('sort=createdAt&order=desc'))))).toEqual(['beta launch', 'Gamma launch', 'Alpha']);
  });

  it('does not reorder the list it was given', () => {
    applyListView(projects, readListView(new URLSearchParams('sort=name')));
    expect(names(projects)).toEqual(['beta launch', 'Alpha', 'Gamma launch']);
  });
});

describe('isOverdue', () => {
  it('is due before today and not completed', () => {
    expect(isOverdue({ dueDate: '2026-01-04', status: 'in_progress' }, '2026-01-05')).toBe(true);
    expect(isOverdue({ dueDate: '2026-01-05', status: 'in_progress' }, '2026-01-05')).toBe(false);
    expect(isOverdue({ dueDate: '2026-01-04', status: 'completed' }, '2026-01-05')).toBe(false);
    expect(isOverdue({ dueDate: null, status: 'planning' }, '2026-01-05')).toBe(false);
  });
});
