import { TABLE_NAME } from '../db/client';
import { queryCollection } from '../db/query-collection';
import { type TransactItem, conditionHeld, transactWrite } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { type MembershipChange, changeEventPut } from '../events/change-event';
import type { ProjectItem } from './item';
import { projectCollections, projectKeys } from './keys';
import { memberSetWrite } from './member-set';
import { applyMembershipChangesNow } from './memberships';

/** A project as written before docs/decisions/037: its members' ids on the item itself. */
type ProjectBeforeMemberSets = Pick<ProjectItem, 'id' | 'version'> & { memberIds?: string[] };

/**
 * Moves the members of an organization's projects written before docs/decisions/037 from
 * `memberIds` on the project item into the member set and the members' own items. Each project is
 * one transaction like any member change: the project's version bumped on condition it is the one
 * read, `memberIds` removed, the set put on condition there is none, and an event carrying the
 * memberships, so the stream consumer finishes them if this stops right after. A project the new
 * code gave a set meanwhile (its members were replaced since the deployment), or changed between
 * this read and write, fails its conditions and is skipped: its set is the truth, or the next run
 * moves it. Idempotent: a project moved has no `memberIds` left.
 */
export async function indexMembersOfOrganization(orgId: string): Promise<{ projects: number; moved: number; skipped: number }> {
  const projects = await queryCollection<ProjectBeforeMemberSets>(projectCollections.projectsOfOrganization(orgId), {
    consistentRead: true,
    projection: 'id, #version, memberIds',
    names: { '#version': 'version' },
  });
  let moved = 0;
  let skipped = 0;
  for (const project of projects) {
    if (project.memberIds === undefined) continue;
    const memberIds = [...new Set(project.memberIds)];
    const version = project.version + 1;
    const memberships: MembershipChange[] = [{ projectId: project.id, version, added: memberIds, removed: [] }];
    const written = await conditionHeld(
      transactWrite([
        {
          Update: {
            TableName: TABLE_NAME,
            Key: projectKeys.project(orgId, project.id),
            ...updateExpression(
              { set: { version }, remove: ['memberIds'] },
              {
                expression: 'attribute_exists(memberIds) AND #version = :read',
                names: { '#version': 'version' },
                values: { ':read': project.version },
              },
            ),
          },
        },
        ...(memberIds.length > 0 ? [newSetPut(orgId, project.id, memberIds)] : []),
        ...changeEventPut(orgId, [], undefined, undefined, { memberships }),
      ]),
    );
    if (!written) {
      skipped += 1;
      continue;
    }
    moved += 1;
    await applyMembershipChangesNow(orgId, memberships);
  }
  return { projects: projects.length, moved, skipped };
}

/** The set's Put, refused where the new code already wrote a set. */
function newSetPut(orgId: string, projectId: string, memberIds: string[]): TransactItem {
  const { Put } = memberSetWrite(orgId, projectId, memberIds);
  return { Put: { ...Put!, ConditionExpression: 'attribute_not_exists(PK)' } };
}
