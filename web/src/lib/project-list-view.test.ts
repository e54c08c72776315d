import { describe, expect, it } from 'vitest';
import {
  editProjectPath,
  hasFilters,
  isOverdue,
  listFiltersOf,
  projectsListPath,
  readListView,
  toggleSort,
  NO_FILTERS,
  writeListView,
} from './project-list-view';

describe('readListView / writeListView', () => {
  it('reads the status, name filter, overdue, due soon, my projects, sort and order from the URL and writes them back', () => {
    const params = new URLSearchParams('status=in_progress&q=launch&overdue=true&due=soon&member=me&sort=dueDate&order=desc');
    const view = readListView(params);
    expect(view).toEqual({
      status: 'in_progress',
      name: 'launch',
      overdue: true,
      dueSoon: true,
      mine: true,
      sort: 'dueDate',
      order: 'desc',
    });
    expect(writeListView(view).toString()).toBe(
      'status=in_progress&q=launch&overdue=true&due=soon&member=me&sort=dueDate&order=desc',
    );
  });

  it('ignores unknown values and leaves defaults out of the URL', () => {
    const view = readListView(
      new URLSearchParams('status=archived&sort=owner&order=sideways&overdue=yes&due=later&member=someone'),
    );
    expect(view).toEqual({ status: null, name: '', overdue: false, dueSoon: false, mine: false, sort: null, order: 'asc' });
    expect(writeListView(view).toString()).toBe('');
  });
});

describe('listFiltersOf', () => {
  it('asks the server for every filter and the order the view shows', () => {
    const view = readListView(new URLSearchParams('status=on_hold&overdue=true&due=soon&member=me&sort=name&order=desc'));
    expect(listFiltersOf(view, '  spring ')).toEqual({
      status: 'on_hold',
      q: 'spring',
      overdue: 'true',
      due: 'soon',
      member: 'me',
      sort: 'name',
      order: 'desc',
    });
  });

  it('asks for nothing for the plain list, so it is the same query as /projects', () => {
    expect(listFiltersOf(readListView(new URLSearchParams('order=desc')), '   ')).toEqual({});
  });
});

describe('hasFilters / NO_FILTERS', () => {
  it('counts status, name, overdue and my projects as filters, not the order', () => {
    expect(hasFilters(readListView(new URLSearchParams('sort=name')))).toBe(false);
    for (const query of ['status=planning', 'q=a', 'overdue=true', 'due=soon', 'member=me'])
      expect(hasFilters(readListView(new URLSearchParams(query)))).toBe(true);
    const cleared = {
      ...readListView(new URLSearchParams('status=planning&q=a&overdue=true&due=soon&member=me&sort=name')),
      ...NO_FILTERS,
    };
    expect(writeListView(cleared).toString()).toBe('sort=name');
  });
});

describe('links to the list from other pages', () => {
  it('name the filters and order as the list writes them, and nothing for the plain list', () => {
    expect(projectsListPath({})).toBe('/projects');
    expect(projectsListPath({ overdue: true, sort: 'dueDate' })).toBe('/projects?overdue=true&sort=dueDate');
    expect(projectsListPath({ dueSoon: true, sort: 'dueDate' })).toBe('/projects?due=soon&sort=dueDate');
    expect(projectsListPath({ mine: true })).toBe('/projects?member=me');
    expect(projectsListPath({ status: 'in_progress' })).toBe('/projects?status=in_progress');
    expect(editProjectPath('01ABC')).toBe('/projects?edit=01ABC');
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

describe('isOverdue', () => {
  it('is due before today and not completed', () => {
    expect(isOverdue({ dueDate: '2026-01-04', status: 'in_progress' }, '2026-01-05')).toBe(true);
    expect(isOverdue({ dueDate: '2026-01-05', status: 'in_progress' }, '2026-01-05')).toBe(false);
    expect(isOverdue({ dueDate: '2026-01-04', status: 'completed' }, '2026-01-05')).toBe(false);
    expect(isOverdue({ dueDate: null, status: 'planning' }, '2026-01-05')).toBe(false);
  });
});
