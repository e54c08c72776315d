import { useInfiniteQuery } from '@tanstack/react-query';
import { ActivityList } from '../../../components/activity/activity-list';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FeedError, FeedSkeleton } from '../../../components/ui/feed-states';
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
          <FeedSkeleton label="Loading activity" />
        ) : activity.isError ? (
          <FeedError message="Failed to load the activity." onRetry={() => void activity.refetch()} />
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted">No activity yet.</p>
        ) : (
          <ActivityList entries={entries} label="Project activity" />
        )}
        {activity.hasNextPage ? (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={activity.isFetchingNextPage}
            onClick={() => activity.fetchNextPage()}
          >
            {activity.isFetchingNextPage ? 'Loading...' : 'Show older activity'}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
