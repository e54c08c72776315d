import { ROLES, type Role } from '../../shared/roles';
import type { UserItem } from '../user/item';
import { GROUP_NAMES } from './group-names';
import { ScimError } from './scim-error';
import { PATCH_SCHEMA, checkSchemas } from './scim-user';

/**
 * The organization's two roles as SCIM Groups (RFC 7643 §4.2; docs/decisions/060): the group's id is
 * the role, its displayName fixed. What an identity provider's bodies say about a group's members
 * (§3.5.1 replace, §3.5.2 modify), read into the changes of membership they ask for.
 */

export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/** Members a group lists at most; past it the IdP is asked to exclude them (RFC 7644 §3.4.2.5) and read each User's `groups`. */
export const SCIM_GROUP_MEMBERS_MAX = 1000;

export const isGroupId = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** For scimRoute: a group route's path id is a role, else 404. */
export const GROUP_IDS = {
  isOurs: isGroupId,
  notFound: () => new ScimError(404, 'No group with this id: the groups are "admin" (Administrators) and "staff" (Staff)'),
};

/** A member as a group lists it: the user's id, name and location. */
export type GroupMember = Pick<UserItem, 'id' | 'fullName'>;

/** The group resource; `members` absent when the request excluded them. */
export function toScimGroup(role: Role, baseUrl: string, members?: GroupMember[]) {
  return {
    schemas: [GROUP_SCHEMA],
    id: role,
    displayName: GROUP_NAMES[role],
    ...(members
      ? {
          members: members.map((member) => ({
            value: member.id,
            display: member.fullName,
            type: 'User',
            $ref: `${baseUrl}/Users/${member.id}`,
          })),
        }
      : {}),
    meta: { resourceType: 'Group', location: `${baseUrl}/Groups/${role}` },
  };
}

/**
 * Whether an answer lists members: not when `excludedAttributes` names them, nor when `attributes`
 * is given without them (RFC 7644 §3.4.2.5). Okta and Entra ID exclude them when they only need the group.
 */
export function membersWanted(query: Record<string, string | undefined>): boolean {
  const names = (value: string | undefined) => (value ?? '').split(',').map((name) => name.trim().toLowerCase());
  if (names(query.excludedAttributes).includes('members')) return false;
  return query.attributes === undefined || names(query.attributes).includes('members');
}

/**
 * The membership a request asks for: the whole list (`replace`: PUT, or PATCH replace of members),
 * or people to add and to remove. In the operations' order: a later add or remove edits the list.
 */
export type MemberChanges = { replace: string[] } | { add: string[]; remove: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The ids of `[{ value: id }, …]`, as RFC 7644 §3.5.2.1's example sends them. */
function memberIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((member) => {
    if (!isRecord(member) || typeof member.value !== 'string' || member.value.length === 0)
      throw new ScimError(400, 'Each member must be an object with a "value": the user’s id', 'invalidValue');
    return member.value;
  });
}

/** A displayName may be sent again as it is, never changed: the groups are fixed. */
function checkDisplayName(role: Role, value: unknown) {
  if (typeof value !== 'string' || value.trim().toLowerCase() !== GROUP_NAMES[role].toLowerCase()) {
    throw new ScimError(400, `The groups are fixed: this one is "${GROUP_NAMES[role]}"`, 'mutability');
  }
}

/** PUT /Groups/{id} (§3.5.1): the whole group; members left out are cleared, as a replace does. */
export function parseGroupReplace(raw: unknown, role: Role): MemberChanges {
  const body = checkSchemas(raw, GROUP_SCHEMA);
  checkDisplayName(role, body.displayName);
  return { replace: memberIds(body.members) };
}

/** `members[value eq "…"]`, how Okta and Entra ID name the one member a remove takes out. */
const MEMBER_PATH = /^members\[\s*value\s+eq\s+"([^"]*)"\s*\]$/i;

/**
 * PATCH /Groups/{id} (§3.5.2): add, remove and replace of members (with the path `members`, a
 * `members[value eq "…"]` filter, or a value object), and displayName as it is; externalId is not
 * kept here and is ignored; any other attribute is 400 invalidPath.
 */
export function parseGroupPatch(raw: unknown, role: Role): MemberChanges {
  const body = checkSchemas(raw, PATCH_SCHEMA);
  const operations = body.Operations;
  if (!Array.isArray(operations) || operations.length === 0)
    throw new ScimError(400, '"Operations" must be a non-empty array', 'invalidSyntax');
  let replace: string[] | undefined;
  const add = new Set<string>();
  const remove = new Set<string>();
  const change = (op: string, ids: string[]) => {
    for (const id of ids) {
      if (replace) replace = op === 'remove' ? replace.filter((kept) => kept !== id) : [...replace, id];
      else {
        // The last operation on a person decides, as if the operations ran one after another.
        (op === 'remove' ? add : remove).delete(id);
        (op === 'remove' ? remove : add).add(id);
      }
    }
  };
  const apply = (op: string, attribute: string, value: unknown) => {
    const name = attribute.toLowerCase();
    if (name === 'members') {
      if (op === 'replace' || (op === 'remove' && value === undefined)) {
        replace = op === 'replace' ? memberIds(value) : [];
        add.clear();
        remove.clear();
      } else change(op, memberIds(value));
    } else if (name === 'displayname') {
      if (op === 'remove') throw new ScimError(400, 'displayName cannot be removed', 'mutability');
      checkDisplayName(role, value);
    } else if (name === 'id') {
      if (value !== role) throw new ScimError(400, 'A group’s id cannot be changed', 'mutability');
    } else if (name !== 'externalid')
      throw new ScimError(400, `A group has no attribute "${attribute}" that can be changed here`, 'invalidPath');
  };
  for (const operation of operations) {
    if (!isRecord(operation) || typeof operation.op !== 'string')
      throw new ScimError(400, 'Each operation needs an "op"', 'invalidSyntax');
    const op = operation.op.toLowerCase();
    if (op !== 'add' && op !== 'remove' && op !== 'replace')
      throw new ScimError(400, `Unknown op "${operation.op}"`, 'invalidSyntax');
    const path = typeof operation.path === 'string' ? operation.path.trim() : undefined;
    const member = path ? MEMBER_PATH.exec(path) : null;
    if (member) {
      if (op !== 'remove')
        throw new ScimError(400, `A filtered path can only be removed; add members with the path "members"`, 'invalidPath');
      change(op, [member[1]!]);
    } else if (path) apply(op, path, operation.value);
    else if (op === 'remove') throw new ScimError(400, 'A remove operation needs a path', 'noTarget');
    else if (isRecord(operation.value))
      for (const [attribute, value] of Object.entries(operation.value)) apply(op, attribute, value);
    else throw new ScimError(400, 'An operation without a path needs an object value', 'invalidValue');
  }
  return replace ? { replace } : { add: [...add], remove: [...remove] };
}
