import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FeedError, FeedSkeleton } from '../../../components/ui/feed-states';
import { toast } from '../../../components/ui/toast';
import { isAdmin, useCurrentUser } from '../../../lib/current-user';
import { commentQueries, useCreateComment } from '../api/comments';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';

/** The project's 'Discussion': its comments newest last (earlier ones on request), and 'Add a comment'. */
export function ProjectDiscussion({ projectId }: { projectId: string }) {
  const comments = useInfiniteQuery(commentQueries.list(projectId));
  const user = useCurrentUser().data;
  const create = useCreateComment(projectId);
  const { hash } = useLocation();
  // Each page holds older comments than the one before: the earliest page goes on top.
  const list = [...(comments.data?.pages ?? [])].reverse().flatMap((page) => page.comments);
  const admin = isAdmin(user);

  // A notification's link names a comment (#comment-<id>): once it is on the page, bring it into view.
  const linked = hash.startsWith('#comment-') && list.some((comment) => `#comment-${comment.id}` === hash);
  useEffect(() => {
    if (linked) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'center' });
  }, [linked, hash]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Discussion</CardTitle>
        <CardDescription>Talk about the work with your team. Type @ to mention someone.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {comments.hasNextPage ? (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={comments.isFetchingNextPage}
            onClick={() => comments.fetchNextPage()}
          >
            {comments.isFetchingNextPage ? 'Loading...' : 'Show earlier comments'}
          </Button>
        ) : null}
        {comments.isPending ? (
          <FeedSkeleton label="Loading comments" rows={2} lineClassName="h-10 w-72" />
        ) : comments.isError ? (
          <FeedError message="Failed to load the comments." onRetry={() => void comments.refetch()} />
        ) : list.length === 0 ? (
          <p className="text-sm text-muted">No comments yet. Start the discussion below.</p>
        ) : (
          <ol className="grid grid-cols-1 gap-5" aria-label="Comments">
            {list.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                projectId={projectId}
                mine={comment.author.id === user?.id}
                canDelete={comment.author.id === user?.id || admin}
              />
            ))}
          </ol>
        )}
        <CommentForm
          id="new-comment"
          label="Add a comment"
          submitLabel="Comment"
          pendingLabel="Posting..."
          pending={create.isPending}
          onSubmit={(body) =>
            create.mutateAsync(body, {
              onError: (error) => toast({ title: 'Failed to post comment', description: error.message, variant: 'destructive' }),
            })
          }
        />
      </CardContent>
    </Card>
  );
}
