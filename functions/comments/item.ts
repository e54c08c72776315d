import { ulid } from 'ulid';
import type { CommentResponse } from '../../shared/schemas/comments';
import type { UserItem } from '../user/item';

/**
 * `ORG#o / COMMENT#<projectId>#<ulid>`: one comment, with its author and the people it mentions
 * named as they were when it was written, so that a page of comments is one Query (docs/decisions/048).
 */
export interface CommentItem extends CommentResponse {
  type: 'COMMENT';
  orgId: string;
}

type Author = Pick<UserItem, 'id' | 'fullName' | 'avatarUrl'>;
export type MentionedUser = Pick<UserItem, 'id' | 'fullName'>;

export function newComment(
  orgId: string,
  projectId: string,
  author: Author,
  text: string,
  mentions: MentionedUser[],
  at: Date,
): CommentItem {
  return {
    type: 'COMMENT',
    id: ulid(at.getTime()),
    orgId,
    projectId,
    text,
    mentions: mentions.map(({ id, fullName }) => ({ id, fullName })),
    author: { id: author.id, fullName: author.fullName, avatarUrl: author.avatarUrl ?? null },
    createdAt: at.toISOString(),
    editedAt: null,
  };
}

export function toCommentResponse(item: CommentItem): CommentResponse {
  return {
    id: item.id,
    projectId: item.projectId,
    text: item.text,
    mentions: (item.mentions ?? []).map(({ id, fullName }) => ({ id, fullName })),
    author: { id: item.author.id, fullName: item.author.fullName, avatarUrl: item.author.avatarUrl ?? null },
    createdAt: item.createdAt,
    editedAt: item.editedAt ?? null,
  };
}

/** Where a notification about a comment leads: the project page, scrolled to the comment. */
export const commentLink = (projectId: string, commentId: string) => `/projects/${projectId}#comment-${commentId}`;
