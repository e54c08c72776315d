import type { NotificationMessage } from '../events/change-event';
import type { ProjectItem } from '../projects/item';

export const COMMENT_NOT_FOUND = 'Comment not found';
export const EDIT_NOT_ALLOWED = 'You can only edit your own comments';
export const DELETE_NOT_ALLOWED = 'Only the author or an administrator can delete this comment';

/** What a person mentioned in a comment is told. */
export const mentionMessage = (author: string, project: Pick<ProjectItem, 'name'>, link: string): NotificationMessage => ({
  title: 'Mentioned in a comment',
  content: `${author} mentioned you in ${project.name}`,
  linkUrl: link,
  digest: 'mention',
});

/** What the project's members are told of a new comment. */
export const newCommentMessage = (author: string, project: Pick<ProjectItem, 'name'>, link: string): NotificationMessage => ({
  title: 'New comment',
  content: `${author} commented on ${project.name}`,
  linkUrl: link,
  digest: 'comment',
});
