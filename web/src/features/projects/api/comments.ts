import * as commentEndpoints from '@shared/contract/comments';
import type { CommentRequest } from '@shared/schemas/comments';
import { infiniteQueryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/use-invalidate';
import { projectQueries } from './projects';

/**
 * The project's discussion, under the project's detail key (so every change that refreshes the
 * project refreshes it): the newest page first, each further page the comments before it.
 */
export const commentQueries = {
  list: (projectId: string) =>
    infiniteQueryOptions({
      queryKey: [...projectQueries.all, 'detail', projectId, 'comments'] as const,
      queryFn: ({ pageParam }) => call(commentEndpoints.list, { params: { id: projectId }, query: { cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
};

/** A change to the discussion is also a line of the project's activity: both are read again. */
const useInvalidateDiscussion = (projectId: string) =>
  useInvalidate(commentQueries.list(projectId).queryKey, projectQueries.activity(projectId).queryKey);

export function useCreateComment(projectId: string) {
  const invalidate = useInvalidateDiscussion(projectId);
  return useMutation({
    mutationFn: (body: CommentRequest) => call(commentEndpoints.create, { params: { id: projectId }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateComment(projectId: string) {
  const invalidate = useInvalidateDiscussion(projectId);
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: CommentRequest }) =>
      call(commentEndpoints.update, { params: { id: projectId, commentId }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteComment(projectId: string) {
  const invalidate = useInvalidateDiscussion(projectId);
  return useMutation({
    mutationFn: (commentId: string) => call(commentEndpoints.remove, { params: { id: projectId, commentId } }),
    onSettled: invalidate,
  });
}
