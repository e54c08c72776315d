import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ProjectResponse } from '../../shared/schemas/projects';
import { TABLE_NAME, db } from '../db/client';
import { conditionHeld } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { type ProjectItem, toProjectResponse } from './item';
import { projectIndexKeys, projectKeys } from './keys';
import { membersIndexOf } from './members-index';

/**
 * 'My projects' (docs/decisions/104): each current membership carries what the list shows of its
 * project (`listed`) and the project's own sort keys, so the project indexes hold a person's
 * projects in the person's partition, `ORG#o#MEMBER#u`, in every order the list has, and a page
 * of them is one Query of about a hundred small items, never a read of each project. A copy
 * carries the project version it was made at (`listedVersion`) and is only ever replaced by a
 * newer one: written in any order and any number of times, the copies end as the project's newest.
 */

/** The sort keys a membership copies: not the reminders' `dueDayKey` nor the dashboard's `openDueKey`. */
const COPIED_KEYS = ['nameKey', 'dueKey', 'statusKey', 'statusCreatedKey', 'statusDueKey', 'openListDueKey'] as const;

/** What a membership holds of its project once copied. */
export type ListCopy = { listed: ProjectResponse; listedVersion: number } & Partial<Record<(typeof COPIED_KEYS)[number], string>>;

/** The attributes a membership loses when it ends: it leaves every index of the projects. */
export const LIST_COPY_ATTRIBUTES = ['listed', 'listedVersion', ...COPIED_KEYS] as const;

/** The copy of a project as a membership update writes it: SET what the project has, REMOVE the open-due key of one that has none. */
export function listCopyOf(project: ProjectItem): { set: Record<string, unknown>; remove: string[] } {
  const keys = projectIndexKeys(project);
  const set: Record<string, unknown> = { listed: toProjectResponse(project), listedVersion: project.version };
  const remove: string[] = [];
  for (const name of COPIED_KEYS) {
    if (keys[name] === undefined) remove.push(name);
    else set[name] = keys[name];
  }
  return { set, remove };
}

/** One membership's copy renewed, unless it is not current or already has this version or a newer one. */
export function renewListCopy(orgId: string, userId: string, project: ProjectItem): Promise<boolean> {
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: projectKeys.membership(orgId, userId, project.id),
        ...updateExpression(listCopyOf(project), {
          expression: '#member = :member AND (attribute_not_exists(listedVersion) OR listedVersion < :version)',
          names: { '#member': 'member' },
          values: { ':member': true, ':version': project.version },
        }),
      }),
    ),
  );
}

/** Copies renewed at once: few, so a 500-member project opens few connections at a time. */
const RENEWALS_AT_ONCE = 10;

/**
 * After a change of what the list shows of a project (its record on the stream, marked by the write:
 * `listChangeId`): every current member's copy renewed, the members read from the membersOfProject
 * index. One small UpdateItem per member, in the members' own partitions. Answers the copies renewed.
 */
export async function renewListCopiesOfProject(project: ProjectItem): Promise<number> {
  const userIds = (await membersIndexOf(project.orgId, project.id)).map((item) => item.userId);
  let renewed = 0;
  for (let at = 0; at < userIds.length; at += RENEWALS_AT_ONCE) {
    const done = await Promise.all(
      userIds.slice(at, at + RENEWALS_AT_ONCE).map((id) => renewListCopy(project.orgId, id, project)),
    );
    renewed += done.filter(Boolean).length;
  }
  return renewed;
}
