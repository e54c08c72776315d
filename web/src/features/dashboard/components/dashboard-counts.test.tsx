import type { DashboardResponse } from '@shared/schemas/dashboard';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { FigureCards } from './figure-cards';
import { ProjectListCard } from './project-list-card';

const late = { id: '01JABCDEFGHJKMNPQRSTVWXYZ0', name: 'Late launch', status: 'in_progress' as const, dueDate: '2025-03-01' };

const dashboard = (overdue: DashboardResponse['overdue']): DashboardResponse => ({
  today: '2025-03-12',
  counts: { total: 5_000, planning: 1_250, in_progress: 1_250, completed: 1_250, on_hold: 1_250 },
  dueSoon: { count: 3, projects: [late] },
  overdue,
  myProjects: { count: 0, projects: [] },
  createdPerWeek: [],
  recentActivity: [],
});

afterEach(cleanup);

describe('the dashboard counts of a large organization', () => {
  it("shows '50+' where the server stopped counting, and the exact count below", () => {
    render(
      <MemoryRouter>
        <FigureCards dashboard={dashboard({ count: 50, more: true, projects: [late] })} />
      </MemoryRouter>,
    );
    expect(within(screen.getByRole('group', { name: 'Overdue' })).getByText('50+')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Due in the next 7 days' })).getByText('3')).toBeInTheDocument();
  });

  it("a list's heading carries the same count", () => {
    const { unmount } = render(
      <MemoryRouter>
        <ProjectListCard
          title="Overdue"
          viewAll="/projects?overdue=true"
          list={{ count: 50, more: true, projects: [late] }}
          empty="Nothing overdue."
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Overdue (50+)' })).toBeInTheDocument();
    unmount();
    render(
      <MemoryRouter>
        <ProjectListCard
          title="Overdue"
          viewAll="/projects?overdue=true"
          list={{ count: 7, projects: [late] }}
          empty="Nothing overdue."
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Overdue (7)' })).toBeInTheDocument();
  });
});
