import { PROJECT_STATUSES, PROJECT_STATUS_LABELS } from '@shared/project-statuses';
import type { DashboardResponse } from '@shared/schemas/dashboard';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { monthDay, shortDate } from '../../../lib/date-format';
import { statusChartColour, statusTone } from '../../../lib/project-status';

const plural = (count: number) => `${count} ${count === 1 ? 'project' : 'projects'}`;

interface ChartCardProps {
  id: string;
  title: string;
  /** The chart in words: the accessible name of the drawing. */
  summary: string;
  rows: { label: string; value: number }[];
  valueHeading: string;
  labelHeading: string;
  children: React.ReactElement;
}

/**
 * A chart with its title; screen readers get the chart as one image named by its summary, and
 * the same numbers as a table.
 */
function ChartCard({ id, title, summary, rows, valueHeading, labelHeading, children }: ChartCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <div role="img" aria-label={`${title}: ${summary}`} className="h-60">
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </div>
        <table className="sr-only" aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              <th scope="col">{labelHeading}</th>
              <th scope="col">{valueHeading}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

/** Projects by status (the status colours of the badges) and projects created per week: recharts, loaded only with the dashboard. */
export default function ProjectCharts({ dashboard }: { dashboard: DashboardResponse }) {
  const statuses = PROJECT_STATUSES.map((status) => ({
    status,
    label: PROJECT_STATUS_LABELS[status],
    value: dashboard.counts[status],
    fill: statusChartColour[statusTone(status)],
  }));
  const weeks = dashboard.createdPerWeek.map((week) => ({
    label: monthDay(week.weekStart),
    long: `Week of ${shortDate(week.weekStart)}`,
    value: week.count,
  }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        id="status-chart"
        title="Projects by status"
        summary={statuses.map((row) => `${row.label} ${row.value}`).join(', ')}
        rows={statuses}
        labelHeading="Status"
        valueHeading="Projects"
      >
        <BarChart data={statuses} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="var(--color-line)" />
          <XAxis dataKey="label" tickLine={false} stroke="var(--color-muted)" fontSize={12} />
          <YAxis allowDecimals={false} tickLine={false} stroke="var(--color-muted)" fontSize={12} />
          <Tooltip cursor={{ fill: 'var(--color-surface-3)' }} formatter={(value) => [value, 'Projects']} />
          <Bar dataKey="value" radius={[4, 4, 0, 0]} isAnimationActive={false}>
            {statuses.map((row) => (
              <Cell key={row.status} fill={row.fill} />
            ))}
          </Bar>
        </BarChart>
      </ChartCard>
      <ChartCard
        id="weekly-chart"
        title="Projects created per week"
        summary={`${plural(weeks.reduce((sum, week) => sum + week.value, 0))} in the last ${weeks.length} weeks; ${weeks
          .map((week) => `${week.long}: ${week.value}`)
          .join(', ')}`}
        rows={weeks.map((week) => ({ label: week.long, value: week.value }))}
        labelHeading="Week"
        valueHeading="Projects created"
      >
        <BarChart data={weeks} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="var(--color-line)" />
          <XAxis dataKey="label" tickLine={false} stroke="var(--color-muted)" fontSize={12} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tickLine={false} stroke="var(--color-muted)" fontSize={12} />
          <Tooltip cursor={{ fill: 'var(--color-surface-3)' }} formatter={(value) => [value, 'Projects created']} />
          <Bar dataKey="value" fill="var(--color-brand-60)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
    </div>
  );
}
