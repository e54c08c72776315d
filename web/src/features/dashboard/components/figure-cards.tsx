import type { DashboardResponse } from '@shared/schemas/dashboard';
import { AlarmClock, CalendarClock, FolderKanban, Loader } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card, CardContent } from '../../../components/ui/card';
import { countText } from '../lib/count-text';
import { dashboardLinks } from '../lib/dashboard-links';

/**
 * Total projects, in progress, due in the next 7 days and overdue: each a group named by its label,
 * and a link to the projects it counts.
 */
export function FigureCards({ dashboard }: { dashboard: DashboardResponse }) {
  const figures = [
    {
      id: 'total',
      label: 'Total projects',
      value: dashboard.counts.total,
      icon: FolderKanban,
      tone: 'text-brand-80 bg-brand-10',
      to: dashboardLinks.total,
    },
    {
      id: 'in-progress',
      label: 'In progress',
      value: dashboard.counts.in_progress,
      icon: Loader,
      tone: 'text-warning bg-warning-10',
      to: dashboardLinks.inProgress,
    },
    {
      id: 'due-soon',
      label: 'Due in the next 7 days',
      value: countText(dashboard.dueSoon),
      icon: CalendarClock,
      tone: 'text-info bg-info-10',
      to: dashboardLinks.dueSoon,
    },
    {
      id: 'overdue',
      label: 'Overdue',
      value: countText(dashboard.overdue),
      icon: AlarmClock,
      tone: 'text-danger bg-danger-10',
      to: dashboardLinks.overdue,
    },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {figures.map(({ id, label, value, icon: Icon, tone, to }) => (
        <Card
          key={id}
          role="group"
          aria-labelledby={`figure-${id}`}
          className="relative transition-colors hover:border-brand-40 focus-within:border-brand-80"
        >
          <CardContent className="flex items-center gap-4 pt-5 sm:pt-6">
            <span className={`rounded-md p-2 ${tone}`}>
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <p id={`figure-${id}`} className="text-sm text-muted">
                {/* The link's box covers the card, so the whole card is one click and one Tab stop. */}
                <Link to={to} className="after:absolute after:inset-0 after:rounded-lg">
                  {label}
                </Link>
              </p>
              <p className="text-2xl font-bold">{value}</p>
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
