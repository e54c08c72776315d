import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SUMMARY_SOURCES_MAX } from '../../shared/limits';
import type { ActivityEntryResponse } from '../../shared/schemas/activity';
import { today } from '../clock';
import type { CommentItem } from '../comments/item';
import { commentCollections } from '../comments/keys';
import { TABLE_NAME, db } from '../db/client';
import { keyBeginsWith } from '../db/key-prefix';
import type { ProjectItem } from '../projects/item';
import { projectCollections } from '../projects/keys';
import type { MemberSetItem } from '../projects/member-set';
import { loadProjectMembers } from '../projects/members';
import type { SummaryData } from './provider';

/**
 * The newest SUMMARY_SOURCES_MAX items of one of the project's ranges in the organization's partition,
 * newest first: one Query, eventually consistent (a summary a moment behind its own comment is fine).
 */
async function newestOf<T>(collection: { PK: string; prefix: string }, projection: string, names: Record<string, string>) {
  const range = keyBeginsWith('SK', collection.prefix);
  const out = await db.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: `PK = :pk AND ${range.expression}`,
      ExpressionAttributeValues: { ':pk': collection.PK, ...range.values },
      ProjectionExpression: projection,
      ExpressionAttributeNames: names,
      ScanIndexForward: false,
      Limit: SUMMARY_SOURCES_MAX,
    }),
  );
  return (out.Items ?? []) as T[];
}

/**
 * What a summary is written from, all of the session's organization (the project came with the
 * session, keyed by it): the project's fields, its members' names, its newest activity entries and
 * comments, three reads side by side. Only names, dates and texts are kept: no ids, no addresses.
 */
export async function summarySources(
  orgId: string,
  project: ProjectItem,
  members: MemberSetItem | undefined,
): Promise<SummaryData> {
  const [people, activity, comments] = await Promise.all([
    loadProjectMembers(orgId, project.id, members),
    newestOf<Pick<ActivityEntryResponse, 'createdAt' | 'actor' | 'action' | 'from' | 'to' | 'members'>>(
      projectCollections.activityOfProject(orgId, project.id),
      'createdAt, actor, #action, #from, #to, members',
      { '#action': 'action', '#from': 'from', '#to': 'to' },
    ),
    newestOf<Pick<CommentItem, 'createdAt' | 'author' | 'text'>>(
      commentCollections.commentsOfProject(orgId, project.id),
      'createdAt, author, #text',
      { '#text': 'text' },
    ),
  ]);
  return {
    today: today(),
    project: {
      name: project.name,
      status: project.status,
      dueDate: project.dueDate ?? null,
      description: project.description ?? null,
    },
    members: people.map((member) => member.fullName),
    activity: activity.map((entry) => ({
      at: entry.createdAt,
      who: entry.actor.fullName,
      action: entry.action,
      from: entry.from ?? null,
      to: entry.to ?? null,
      members: entry.members ?? [],
    })),
    comments: comments.map((comment) => ({ at: comment.createdAt, author: comment.author.fullName, text: comment.text })),
  };
}
