import type { ProjectMemberResponse } from '../../shared/schemas/projects';
import type { WriteContext } from '../audit-log/entries';
import { now } from '../clock';
import { batchGet, keyId } from '../db/reads';
import type { TransactItem } from '../db/transactions';
import { Conflict, NotFound, Refused } from '../domain/errors';
import { changeActor } from '../events/change-event';
import { type UserItem, toMemberResponse } from '../user/item';
import { userKeys } from '../user/keys';
import { type ActivityChange, activityEntry, activityPut } from './activity';
import { type ProjectItem, isProjectId } from './item';
import { projectKeys } from './keys';
import { type MemberSetItem, memberIdsOf, memberSetWrite } from './member-set';
import { membersIndexOf } from './members-index';
import { type MemberProfile, applyMembershipChangesNow, memberProfileOf } from './memberships';
import { PROJECT_BUSY, PROJECT_NOT_FOUND, addedToProjectMessage } from './messages';
import { MAX_WRITE_ATTEMPTS, writeProjectChange } from './write-project-change';

const MEMBERS_NOT_IN_ORGANIZATION = 'Every member must be a user of your organization';

/**
 * The members in the set's order, with what the list shows of each from their memberships'
 * copies: one Query of the membersOfProject index (docs/decisions/103), about 250 bytes a member.
 * The index is a moment behind a change: a member without a copy there (just added, or a
 * membership written before the copies) is read by key, BatchGetItems of 100 side by side, and an
 * id whose user is gone is left out rather than failing the page. The set says who is a member; a
 * copy of someone no longer in it is never shown.
 */
export async function loadProjectMembers(
  orgId: string,
  projectId: string,
  set: MemberSetItem | undefined,
): Promise<ProjectMemberResponse[]> {
  const memberIds = memberIdsOf(set);
  if (memberIds.length === 0) return [];
  const profiles = await memberProfilesOf(orgId, projectId);
  const missing = memberIds.filter((id) => !profiles.has(id));
  const found = missing.length > 0 ? await batchGet(missing.map((id) => userKeys.user(orgId, id))) : new Map<string, unknown>();
  return memberIds.flatMap((id) => {
    const profile = profiles.get(id);
    if (profile) {
      const { v: _copiedAt, ...shown } = profile;
      return [{ id, ...shown }];
    }
    const user = found.get(keyId(userKeys.user(orgId, id))) as UserItem | undefined;
    return user ? [toMemberResponse(user)] : [];
  });
}

/** The copies the index holds of a project's members, by user id. */
async function memberProfilesOf(orgId: string, projectId: string): Promise<Map<string, MemberProfile>> {
  const profiles = new Map<string, MemberProfile>();
  for (const item of await membersIndexOf(orgId, projectId, ['profile']))
    if (item.profile) profiles.set(item.userId, item.profile);
  return profiles;
}

/**
 * Replaces the member set as a whole. One read (BatchGetItems side by side, strongly) of the
 * project, its set, every requested user (a user of another organization has no item under this
 * organization's key: 400) and the members being removed (their names go into the activity
 * entry), then one TransactWriteItems: the project's version bump (conditional on the version
 * read), the new set, the 'members added/removed' entries and one event, which notifies the newly
 * added members but the actor and carries the change of the members' own items; those are then
 * written in chunks of 100 (and again by the stream consumer). Two concurrent PUTs therefore end
 * with exactly one of the sets, and the members' own items with the same one (docs/decisions/037).
 */
export async function setProjectMembers(
  { actor }: WriteContext,
  projectId: string,
  requestedIds: string[],
  preloaded: { project: ProjectItem | undefined; members: MemberSetItem | undefined },
  /** Writes that must happen with the change and only with it (an automation run's step: functions/automations/runs.ts). */
  also: TransactItem[] = [],
): Promise<ProjectMemberResponse[]> {
  const { orgId } = actor;
  if (!isProjectId(projectId)) throw new NotFound(PROJECT_NOT_FOUND);
  const memberIds = [...new Set(requestedIds)];
  const projectKey = projectKeys.project(orgId, projectId);
  const setKey = projectKeys.projectMembers(orgId, projectId);
  const memberKeys = memberIds.map((id) => userKeys.user(orgId, id));
  // The current members as last seen: read along, so the names of those removed are at hand.
  let seenMembers = new Set(preloaded.project ? memberIdsOf(preloaded.members) : []);
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
    const formerKeys = [...seenMembers].map((id) => userKeys.user(orgId, id));
    const found = await batchGet([projectKey, setKey, ...memberKeys, ...formerKeys], { consistentRead: true });
    const project = found.get(keyId(projectKey)) as ProjectItem | undefined;
    if (!project) throw new NotFound(PROJECT_NOT_FOUND);
    const users = memberKeys.map((key) => found.get(keyId(key)) as UserItem | undefined);
    if (users.some((user) => !user || user.type !== 'USER'))
      throw new Refused('invalid', MEMBERS_NOT_IN_ORGANIZATION, { memberIds: MEMBERS_NOT_IN_ORGANIZATION });
    const current = memberIdsOf(found.get(keyId(setKey)) as MemberSetItem | undefined);
    const previous = new Set(current);
    const requested = new Set(memberIds);
    const added = memberIds.filter((id) => !previous.has(id));
    const removed = current.filter((id) => !requested.has(id));
    const unseen = removed.filter((id) => !seenMembers.has(id));
    if (unseen.length > 0) {
      // Members changed since the set we read along: only their names are missing. Read just those,
      // not the whole set again: a second round of reads per lost race spent the write attempts, and
      // a PUT among four racing ones gave up with 409.
      for (const [id, item] of await batchGet(unseen.map((id) => userKeys.user(orgId, id)))) found.set(id, item);
    }
    seenMembers = previous;
    const nameOf = (id: string) => (found.get(keyId(userKeys.user(orgId, id))) as UserItem | undefined)?.fullName;
    const changes: ActivityChange[] = [];
    if (added.length) changes.push({ action: 'members_added', members: added.flatMap((id) => nameOf(id) ?? []) });
    if (removed.length) changes.push({ action: 'members_removed', members: removed.flatMap((id) => nameOf(id) ?? []) });
    const entries = changes.map((change) => activityEntry(project, actor, change));
    const memberships = [{ projectId, version: project.version + 1, added, removed }];
    const written = await writeProjectChange(orgId, projectId, {
      set: { updatedAt: now().toISOString() },
      unchanged: { version: project.version },
      recipients: added.filter((id) => id !== actor.id),
      message: addedToProjectMessage(project),
      memberships,
      change:
        added.length + removed.length > 0
          ? { kind: 'project.members_changed', projectId, actor: changeActor(actor), members: { added, removed } }
          : undefined,
      // The set is written even unchanged: its order is the order sent.
      alongside: [memberSetWrite(orgId, projectId, memberIds), ...entries.map((entry) => activityPut(orgId, entry)), ...also],
    });
    if (!written) continue;
    // The copies of those added go onto their new memberships, from the users read above.
    const copies = Object.fromEntries((users as UserItem[]).map((user) => [user.id, memberProfileOf(user)]));
    // And what 'My projects' shows of the project, as this change left it (decision 104).
    await applyMembershipChangesNow(orgId, memberships, copies, [{ ...project, version: project.version + 1 }]);
    return (users as UserItem[]).map(toMemberResponse);
  }
  throw new Conflict(PROJECT_BUSY);
}
