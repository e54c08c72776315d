import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { recommendationQueries } from '../api/assistant';

/** 'Needs attention': the projects slipping and why, from the organization's own data by rules (no model). */
export function NeedsAttentionCard() {
  const recommendations = useQuery(recommendationQueries.list());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Needs attention</CardTitle>
        <CardDescription>Projects that are late, about to slip, or short of people.</CardDescription>
      </CardHeader>
      <CardContent>
        {recommendations.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <span className="sr-only" role="status">
              Loading the projects that need attention
            </span>
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-3/4" />
          </div>
        ) : recommendations.isError ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3">
            <span className="text-sm text-danger">Failed to load the projects that need attention.</span>
            <Button variant="outline" size="sm" onClick={() => recommendations.refetch()} disabled={recommendations.isFetching}>
              {recommendations.isFetching ? 'Retrying...' : 'Retry'}
            </Button>
          </div>
        ) : recommendations.data.recommendations.length === 0 ? (
          <p className="text-sm text-muted">Nothing needs attention right now.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3" aria-label="Needs attention">
            {recommendations.data.recommendations.map((item) => (
              <li key={`${item.projectId}-${item.kind}`} className="grid min-w-0 gap-0.5">
                <Link to={`/projects/${item.projectId}`} className="min-w-0 truncate font-medium">
                  {item.projectName}
                </Link>
                <span className="text-sm text-muted">{item.reason}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
