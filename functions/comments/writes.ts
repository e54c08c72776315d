import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CommentRequest } from '../../shared/schemas/comments';
import { type WriteContext, auditPut } from '../audit-log/entries';
import { now } from '../clock';
import { TABLE_NAME, db } from '../db/client';
import { type TransactItem, conditionHeld, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { NotFound, Refused } from '../domain/errors';
import { type MentionNotice, changeActor, changeEventPut } from '../events/change-event';
import { actorIsAdmin } from '../organization-users/writes';
import { activityEntry, activityPut } from '../projects/activity';
import type { ProjectItem } from '../projects/item';
import type { UserItem } from '../user/item';
import { type CommentItem, type MentionedUser, commentLink, newComment } from './item';
import { commentKeys } from './keys';
import { COMMENT_NOT_FOUND, DELETE_NOT_ALLOWED, EDIT_NOT_ALLOWED, mentionMessage, newCommentMessage } from './messages';

/** How much of a comment a mention's mail quotes. */
const EXCERPT_LENGTH = 200;

type Actor = Pick<UserItem, 'id' | 'orgId' | 'fullName' | 'username' | 'avatarUrl' | 'role'>;

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
  /** Writes that must happen with the comment and only with it (an automation run's step: functions/automations/runs.ts). */
  also: TransactItem[] = [],
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
      change: {
        kind: 'comment.created',
        projectId: project.id,
        actor: changeActor(actor),
        comment: { id: comment.id, text: comment.text },
      },
    }),
    ...also,
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
