import { PRODUCT_NAME } from '@shared/product';
import type { DashboardResponse } from '@shared/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { FolderPlus } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { Link } from 'react-router-dom';
import { ActivityList } from '../../../components/activity/activity-list';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/page-title';
import { dashboardQueries } from '../api/dashboard';
import { FigureCards } from '../components/figure-cards';
import { GettingStartedCard } from '../components/getting-started-card';
import { NeedsAttentionCard } from '../components/needs-attention-card';
import { ProjectListCard } from '../components/project-list-card';
import { dashboardLinks } from '../lib/dashboard-links';

// The charting library is the dashboard's largest dependency: it comes after the figures, in its own chunk.
const ProjectCharts = lazy(() => import('../components/project-charts'));

/**
 * /dashboard: greets the user by full name with 'Welcome to' and the product name (spec section 1),
 * then the organization's project figures, charts, lists and recent activity (issue 17).
 */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const { data: user } = useCurrentUser();
  const dashboard = useQuery(dashboardQueries.summary());
  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
      <Card className="border-brand-20 bg-gradient-to-br from-brand-10 to-surface">
        <CardHeader>
          <CardTitle className="text-xl">Welcome to {PRODUCT_NAME}</CardTitle>
          <CardDescription className="text-base text-ink-2">
            Hello, <span className="font-semibold text-ink">{user?.fullName}</span>! Here is where your growth work starts.
          </CardDescription>
        </CardHeader>
      </Card>
      {dashboard.isPending ? (
        <DashboardSkeleton />
      ) : dashboard.isError ? (
        <Card role="alert">
          <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-5 sm:pt-6">
            <span className="text-danger">Failed to load the dashboard. Please try again later.</span>
            <Button variant="outline" onClick={() => dashboard.refetch()} disabled={dashboard.isFetching}>
              {dashboard.isFetching ? 'Retrying...' : 'Retry'}
            </Button>
          </CardContent>
        </Card>
      ) : dashboard.data.counts.total === 0 && dashboard.data.recentActivity.length === 0 ? (
        <>
          <EmptyDashboard />
          {user ? <GettingStartedCard user={user} /> : null}
        </>
      ) : (
        <DashboardContent dashboard={dashboard.data} />
      )}
    </div>
  );
}

function DashboardContent({ dashboard }: { dashboard: DashboardResponse }) {
  return (
    <>
      <FigureCards dashboard={dashboard} />
      <NeedsAttentionCard />
      <Suspense fallback={<ChartsSkeleton />}>
        <ProjectCharts dashboard={dashboard} />
      </Suspense>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ProjectListCard
          title="Due soon"
          viewAll={dashboardLinks.dueSoon}
          list={dashboard.dueSoon}
          empty="Nothing is due in the next 7 days."
        />
        <ProjectListCard
          title="Overdue"
          viewAll={dashboardLinks.overdue}
          list={dashboard.overdue}
          empty="No project is overdue."
        />
        <ProjectListCard
          title="My projects"
          viewAll={dashboardLinks.mine}
          list={dashboard.myProjects}
          empty="You are not a member of any project yet."
        />
        <Card>
          <CardHeader>
            <CardTitle>Recent activity</CardTitle>
          </CardHeader>
          <CardContent>
            {dashboard.recentActivity.length === 0 ? (
              <p className="text-sm text-muted">No activity yet.</p>
            ) : (
              <ActivityList entries={dashboard.recentActivity} withProject label="Recent activity" />
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

/** A new organization: nothing to chart yet, one way forward. */
function EmptyDashboard() {
  return (
    <EmptyStateCard
      icon={FolderPlus}
      title="No projects yet"
      description="Your figures, charts and team activity appear here once your organization has projects."
    >
      <Link to="/projects" state={{ createProject: true }} className={buttonClasses({ variant: 'primary' })}>
        Create Your First Project
      </Link>
    </EmptyStateCard>
  );
}

function ChartsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Skeleton className="h-80 w-full" />
      <Skeleton className="h-80 w-full" />
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <span className="sr-only" role="status">
        Loading the dashboard
      </span>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((card) => (
          <Skeleton key={card} className="h-24 w-full" />
        ))}
      </div>
      <ChartsSkeleton />
    </div>
  );
}
