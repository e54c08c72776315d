import { useInfiniteQuery } from '@tanstack/react-query';
import { ActivityList } from '../../../components/activity/activity-list';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { projectQueries } from '../api/projects';

/** The project's 'Activity' section: every change, newest first, 20 at a time. */
export function ProjectActivity({ projectId }: { projectId: string }) {
  const activity = useInfiniteQuery(projectQueries.activity(projectId));
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {activity.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <span className="sr-only" role="status">
              Loading activity
            </span>
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex items-center gap-3">
                <Skeleton className="size-8 rounded-full" />
                <Skeleton className="h-4 w-64 max-w-full" />
              </div>
            ))}
          </div>
        ) : activity.isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-danger">
            Failed to load the activity.
            <Button variant="outline" size="sm" onClick={() => activity.refetch()}>
              Retry
            </Button>
          </div>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted">No activity yet.</p>
        ) : (
          <ActivityList entries={entries} label="Project activity" />
        )}
        {activity.hasNextPage ? (
          <Button variant="outline" size="sm" className="justify-self-start" disabled={activity.isFetchingNextPage} onClick={() => activity.fetchNextPage()}>
            {activity.isFetchingNextPage ? 'Loading...' : 'Show older activity'}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
