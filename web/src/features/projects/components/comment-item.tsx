import type { CommentResponse } from '@shared/schemas/comments';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { UserAvatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { dateTime, relativeTime } from '../../../lib/date-format';
import { useDeleteComment, useUpdateComment } from '../api/comments';
import { CommentForm } from './comment-form';
import { CommentText } from './comment-text';

interface CommentItemProps {
  comment: CommentResponse;
  projectId: string;
  /** The signed-in user wrote it: they may edit and delete it. */
  mine: boolean;
  /** An admin may delete anyone's comment. */
  canDelete: boolean;
}

/** One comment: who, when, the words; its author edits it in place, its author or an admin deletes it after confirming. */
export function CommentItem({ comment, projectId, mine, canDelete }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateComment(projectId);
  const remove = useDeleteComment(projectId);
  return (
    <li
      id={`comment-${comment.id}`}
      className="flex scroll-mt-24 items-start gap-3 rounded-md target:bg-brand-10/60 target:ring-2 target:ring-brand-40"
    >
      <UserAvatar fullName={comment.author.fullName} avatarUrl={comment.author.avatarUrl} size="sm" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="text-sm">
          <span className="font-semibold">{comment.author.fullName}</span>
          <span className="text-muted">
            {' · '}
            <time dateTime={comment.createdAt} title={dateTime(comment.createdAt)}>
              {relativeTime(comment.createdAt)}
            </time>
            {comment.editedAt ? <span title={`Edited ${dateTime(comment.editedAt)}`}>{' · '}edited</span> : null}
          </span>
        </p>
        {editing ? (
          <CommentForm
            id={`edit-comment-${comment.id}`}
            label="Edit comment"
            initialText={comment.text}
            initialMentions={comment.mentions}
            submitLabel="Save"
            pendingLabel="Saving..."
            pending={update.isPending}
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={(body) =>
              update.mutateAsync(
                { commentId: comment.id, body },
                {
                  onSuccess: () => {
                    toast({ title: 'Comment updated' });
                    setEditing(false);
                  },
                  onError: (error) =>
                    toast({ title: 'Failed to update comment', description: error.message, variant: 'destructive' }),
                },
              )
            }
          />
        ) : (
          <CommentText comment={comment} />
        )}
        {!editing && (mine || canDelete) ? (
          <div className="flex gap-1">
            {mine ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setEditing(true)}
                aria-label={`Edit comment by ${comment.author.fullName}`}
              >
                Edit
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setConfirming(true)}
              aria-label={`Delete comment by ${comment.author.fullName}`}
            >
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Comment"
        description={
          mine
            ? 'Are you sure you want to delete this comment? This action cannot be undone.'
            : `Are you sure you want to delete this comment by ${comment.author.fullName}? This action cannot be undone.`
        }
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(comment.id, {
            onSuccess: () => {
              toast({ title: 'Comment deleted' });
              setConfirming(false);
            },
            onError: (error) => toast({ title: 'Failed to delete comment', description: error.message, variant: 'destructive' }),
          })
        }
      />
    </li>
  );
}
