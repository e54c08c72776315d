import { describe, expect, it } from 'vitest';
import { hasFilters, isOverdue, listFiltersOf, readListView, toggleSort, NO_FILTERS, writeListView } from './project-list-view';

describe('readListView / writeListView', () => {
  it('reads the status, name filter, overdue, my projects, sort and order from the URL and writes them back', () => {
    const params = new URLSearchParams('status=in_progress&q=launch&overdue=true&member=me&sort=dueDate&order=desc');
    const view = readListView(params);
    expect(view).toEqual({ status: 'in_progress', name: 'launch', overdue: true, mine: true, sort: 'dueDate', order: 'desc' });
    expect(writeListView(view).toString()).toBe('status=in_progress&q=launch&overdue=true&member=me&sort=dueDate&order=desc');
  });

  it('ignores unknown values and leaves defaults out of the URL', () => {
    const view = readListView(new URLSearchParams('status=archived&sort=owner&order=sideways&overdue=yes&member=someone'));
    expect(view).toEqual({ status: null, name: '', overdue: false, mine: false, sort: null, order: 'asc' });
    expect(writeListView(view).toString()).toBe('');
  });
});

describe('listFiltersOf', () => {
  it('asks the server for every filter and the order the view shows', () => {
    const view = readListView(new URLSearchParams('status=on_hold&overdue=true&member=me&sort=name&order=desc'));
    expect(listFiltersOf(view, '  spring ')).toEqual({ status: 'on_hold', q: 'spring', overdue: 'true', member: 'me', sort: 'name', order: 'desc' });
  });

  it('asks for nothing for the plain list, so it is the same query as /projects', () => {
    expect(listFiltersOf(readListView(new URLSearchParams('order=desc')), '   ')).toEqual({});
  });
});

describe('hasFilters / NO_FILTERS', () => {
  it('counts status, name, overdue and my projects as filters, not the order', () => {
    expect(hasFilters(readListView(new URLSearchParams('sort=name')))).toBe(false);
    for (const query of ['status=planning', 'q=a', 'overdue=true', 'member=me']) expect(hasFilters(readListView(new URLSearchParams(query)))).toBe(true);
    const cleared = { ...readListView(new URLSearchParams('status=planning&q=a&overdue=true&member=me&sort=name')), ...NO_FILTERS };
    expect(writeListView(cleared).toString()).toBe('sort=name');
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
