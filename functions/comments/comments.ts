import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { COMMENT_PAGE_SIZE } from '../../shared/limits';
import type { CommentPageResponse, CommentRequest } from '../../shared/schemas/comments';
import { type WriteContext, auditPut } from '../audit-log/entries';
import { now } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import { type TransactItem, conditionHeld, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { NotFound, Refused } from '../domain/errors';
import { type MentionNotice, changeEventPut } from '../events/change-event';
import type { NotificationMessage } from '../events/change-event';
import { actorIsAdmin } from '../organization-users/organization-users';
import { activityEntry, activityPut } from '../projects/activity';
import { isProjectId, type ProjectItem } from '../projects/item';
import { projectKeys } from '../projects/keys';
import type { UserItem } from '../user/item';
import { userKeys } from '../user/keys';
import { type CommentItem, type MentionedUser, commentLink, newComment, toCommentResponse } from './item';
import { commentCollections, commentKeys } from './keys';

export const COMMENT_NOT_FOUND = 'Comment not found';
export const EDIT_NOT_ALLOWED = 'You can only edit your own comments';
export const DELETE_NOT_ALLOWED = 'Only the author or an administrator can delete this comment';

/** How much of a comment a mention's mail quotes. */
const EXCERPT_LENGTH = 200;

type Actor = Pick<UserItem, 'id' | 'orgId' | 'fullName' | 'username' | 'avatarUrl' | 'role'>;

/** For RouteOptions.preload: the project, then the people the body mentions (by key in the session's organization: no one else is found). */
export const preloadProjectAndMentions = ({
  orgId,
  params,
  body,
}: {
  orgId: string;
  params: Record<string, string>;
  body: { mentions: string[] } | undefined;
}) =>
  isProjectId(params.id)
    ? ([projectKeys.project(orgId, params.id), ...(body?.mentions ?? []).map((id) => userKeys.user(orgId, id))] as const)
    : undefined;

/** For RouteOptions.preload: the project, the comment, then the people the body mentions. */
export const preloadComment = ({
  orgId,
  params,
  body,
}: {
  orgId: string;
  params: Record<string, string>;
  body: { mentions: string[] } | undefined;
}) =>
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

const mentionMessage = (author: string, project: Pick<ProjectItem, 'name'>, link: string): NotificationMessage => ({
  title: 'Mentioned in a comment',
  content: `${author} mentioned you in ${project.name}`,
  linkUrl: link,
  digest: 'mention',
});

const newCommentMessage = (author: string, project: Pick<ProjectItem, 'name'>, link: string): NotificationMessage => ({
  title: 'New comment',
  content: `${author} commented on ${project.name}`,
  linkUrl: link,
  digest: 'comment',
});

/** What the people newly mentioned in a comment are told; none when nobody but the author is. */
function mentionNotice(
  actor: Actor,
  project: ProjectItem,
  comment: CommentItem,
  people: MentionedUser[],
): MentionNotice | undefined {
  const recipientIds = people.map((person) => person.id).filter((id) => id !== actor.id);
  if (recipientIds.length === 0) return undefined;
  const text = comment.text.length > EXCERPT_LENGTH ? `${comment.text.slice(0, EXCERPT_LENGTH)}…` : comment.text;
  return {
    recipientIds,
    message: mentionMessage(actor.fullName, project, commentLink(project.id, comment.id)),
    mail: { authorName: actor.fullName, projectName: project.name, excerpt: text },
  };
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

/**
 * A new comment in one TransactWriteItems: the comment, its activity entry and one event that names
 * the project's members (the consumer notifies them) and the people mentioned (notified and mailed by
 * the consumer). Three small items: 6 write units for a comment under about 1 KB, whatever the number
 * of members or mentions (docs/decisions/048).
 */
export async function createComment(
  { actor }: WriteContext<Actor>,
  project: ProjectItem,
  input: { text: string },
  people: MentionedUser[],
): Promise<CommentItem> {
  const comment = newComment(project.orgId, project.id, actor, input.text, people, now());
  const link = commentLink(project.id, comment.id);
  await transactWrite([
    {
      Put: {
        TableName: TABLE_NAME,
        Item: { ...commentKeys.comment(project.orgId, project.id, comment.id), ...comment },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    activityPut(project.orgId, activityEntry(project, actor, { action: 'commented' })),
    ...changeEventPut(project.orgId, [], newCommentMessage(actor.fullName, project, link), undefined, {
      audience: { projectId: project.id, exceptId: actor.id },
      mentioned: mentionNotice(actor, project, comment, people),
    }),
  ]);
  return comment;
}

/**
 * The author's new text: the comment is updated on condition it still exists and is theirs; the
 * people mentioned now and not before are notified (an event beside it), nobody else is.
 */
export async function updateComment(
  { actor }: WriteContext<Actor>,
  project: ProjectItem,
  comment: CommentItem | undefined,
  input: Pick<CommentRequest, 'text'>,
  people: MentionedUser[],
): Promise<CommentItem> {
  if (!comment) throw new NotFound(COMMENT_NOT_FOUND);
  if (comment.author.id !== actor.id) throw new Refused('not-allowed', EDIT_NOT_ALLOWED);
  const before = new Set(comment.mentions.map((person) => person.id));
  const updated: CommentItem = {
    ...comment,
    text: input.text,
    mentions: people.map(({ id, fullName }) => ({ id, fullName })),
    editedAt: now().toISOString(),
  };
  const update: TransactItem = {
    Update: {
      TableName: TABLE_NAME,
      Key: commentKeys.comment(project.orgId, project.id, comment.id),
      ...updateExpression(
        { set: { text: updated.text, mentions: updated.mentions, editedAt: updated.editedAt } },
        {
          expression: 'attribute_exists(PK) AND #author.#id = :me',
          names: { '#author': 'author', '#id': 'id' },
          values: { ':me': actor.id },
        },
      ),
    },
  };
  const event = changeEventPut(project.orgId, [], undefined, undefined, {
    mentioned: mentionNotice(
      actor,
      project,
      updated,
      people.filter((person) => !before.has(person.id)),
    ),
  });
  // A comment deleted meanwhile fails the condition: it is gone for the author too.
  if (!(await conditionHeld(event.length ? transactWrite([update, ...event]) : db.send(new UpdateCommand(update.Update!)))))
    throw new NotFound(COMMENT_NOT_FOUND);
  return updated;
}

/**
 * Deletes a comment: its author may, and an admin may delete anyone's, which writes an audit entry
 * (and checks in the same transaction that they are still an admin). The deletion appears in the
 * project's activity.
 */
export async function deleteComment(
  context: WriteContext<Actor>,
  project: ProjectItem,
  comment: CommentItem | undefined,
): Promise<void> {
  const { actor } = context;
  if (!comment) throw new NotFound(COMMENT_NOT_FOUND);
  const own = comment.author.id === actor.id;
  if (!own && actor.role !== 'admin') throw new Refused('not-allowed', DELETE_NOT_ALLOWED);
  const held = await conditionHeld(
    transactWrite([
      {
        Delete: {
          TableName: TABLE_NAME,
          Key: commentKeys.comment(project.orgId, project.id, comment.id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      activityPut(project.orgId, activityEntry(project, actor, { action: 'comment_deleted' })),
      ...(own
        ? []
        : [
            actorIsAdmin(actor),
            auditPut(context, {
              action: 'comment.deleted',
              target: { type: 'project', id: project.id, label: project.name },
              details: { commentId: comment.id, authorId: comment.author.id, authorName: comment.author.fullName },
            }),
          ]),
    ]),
  );
  if (!held) throw new NotFound(COMMENT_NOT_FOUND);
}
