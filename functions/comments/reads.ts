import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { COMMENT_PAGE_SIZE } from '../../shared/limits';
import type { CommentPageResponse } from '../../shared/schemas/comments';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import { isProjectId } from '../projects/item';
import { projectKeys } from '../projects/keys';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';
import { type CommentItem, type MentionedUser, toCommentResponse } from './item';
import { commentCollections, commentKeys } from './keys';

/** What a comment route's preload reads from its request: the organization, the path's ids and the body's mentions. */
interface MentionsRequest {
  orgId: string;
  params: Record<string, string>;
  body: { mentions: string[] } | undefined;
}

/** For RouteOptions.preload: the project, then the people the body mentions (by key in the session's organization: no one else is found). */
export const preloadProjectAndMentions = ({ orgId, params, body }: MentionsRequest) =>
  isProjectId(params.id)
    ? ([projectKeys.project(orgId, params.id), ...(body?.mentions ?? []).map((id) => userKeys.user(orgId, id))] as const)
    : undefined;

/** For RouteOptions.preload: the project, the comment, then the people the body mentions. */
export const preloadComment = ({ orgId, params, body }: MentionsRequest) =>
  isProjectId(params.id) && isProjectId(params.commentId ?? '')
    ? ([
        projectKeys.project(orgId, params.id),
        commentKeys.comment(orgId, params.id, params.commentId!),
        ...(body?.mentions ?? []).map((id) => userKeys.user(orgId, id)),
      ] as const)
    : undefined;

/** The people of the organization among those the request named (the preload found them by key), each once. */
export function mentionedUsers(found: readonly unknown[]): MentionedUser[] {
  const users = found.filter((item): item is UserItem => (item as UserItem | undefined)?.id !== undefined);
  return [...new Map(users.map((user) => [user.id, user])).values()];
}

/**
 * One page of a project's comments, newest last: one Query of its `COMMENT#<projectId>#` range
 * newest first from below the cursor, one more than a page to know whether earlier ones exist,
 * turned around for reading.
 */
export async function listComments(orgId: string, projectId: string, cursor?: string): Promise<CommentPageResponse> {
  const collection = commentCollections.commentsOfProject(orgId, projectId);
  const comments = keyBeginsWith('SK', collection.prefix);
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: `PK = :pk AND ${comments.expression}`,
      ExpressionAttributeValues: { ':pk': collection.PK, ...comments.values },
      ScanIndexForward: false,
      Limit: COMMENT_PAGE_SIZE + 1,
      // The page is read again right after the user's own comment: it must be there.
      ConsistentRead: true,
      ...(cursor ? { ExclusiveStartKey: commentKeys.comment(orgId, projectId, cursor) } : {}),
    }),
  );
  const items = (out.Items ?? []) as CommentItem[];
  const page = items.slice(0, COMMENT_PAGE_SIZE);
  return {
    comments: page.map(toCommentResponse).reverse(),
    nextCursor: items.length > COMMENT_PAGE_SIZE ? page.at(-1)!.id : null,
  };
}
