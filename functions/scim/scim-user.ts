import { scimUserFields as fields } from '../../shared/schemas/scim';
import type { UserItem } from '../user/item';
import { groupsOfUser } from './group-names';
import { ScimError } from './scim-error';

/**
 * A person as a SCIM User resource (RFC 7643 §4.1), and what an identity provider's bodies say about
 * one (§3.3 create, §3.5.1 replace, §3.5.2 modify). userName is the person's email, as it is their
 * sign-in name here; the name is kept as one full name.
 */

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
/** Okta and Entra ID send it with every user; what it holds (department, manager) is not kept here. */
const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
/** Resources a list answers at most (RFC 7644 §3.4.2.4 lets the service cap `count`). */
export const SCIM_PAGE_MAX = 100;

/** The resource with its location under `usersUrl` (ScimRequest.usersUrl); `active: false` for the answer of a deactivation. */
export function toScimUser(user: UserItem, usersUrl: string, { active = true } = {}) {
  return {
    schemas: [USER_SCHEMA],
    id: user.id,
    userName: user.username,
    name: { formatted: user.fullName },
    displayName: user.fullName,
    emails: [{ value: user.username, type: 'work', primary: true }],
    active,
    groups: groupsOfUser(user),
    meta: { resourceType: 'User', created: user.createdAt, location: `${usersUrl}/${user.id}` },
  };
}

/** What a create or replace asks for. */
export interface ScimUserInput {
  userName: string;
  fullName: string;
  active: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asString = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** `active` as IdPs send it: a boolean, or (Entra ID) the strings "True" and "False". */
function activeOf(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && ['true', 'false'].includes(value.toLowerCase())) return value.toLowerCase() === 'true';
  throw new ScimError(400, 'active must be true or false', 'invalidValue');
}

/** The full name from name.formatted, else given and family names, else displayName. */
function fullNameOf(body: Record<string, unknown>): string {
  const name = isRecord(body.name) ? body.name : {};
  return (
    asString(name.formatted) ||
    [asString(name.givenName), asString(name.familyName)].filter(Boolean).join(' ') ||
    asString(body.displayName)
  );
}

/** Refuses a body whose `schemas` do not name the expected one or name one this service does not know. */
export function checkSchemas(body: unknown, expected: string, allowed: readonly string[] = [expected]): Record<string, unknown> {
  if (!isRecord(body) || !Array.isArray(body.schemas))
    throw new ScimError(400, `The body must be a JSON object with "schemas": ["${expected}"]`, 'invalidSyntax');
  const unknown = body.schemas.filter((schema) => typeof schema !== 'string' || !allowed.includes(schema));
  if (unknown.length > 0) throw new ScimError(400, `Unknown schema: ${unknown.map(String).join(', ')}`, 'invalidSyntax');
  if (!body.schemas.includes(expected)) throw new ScimError(400, `"schemas" must include ${expected}`, 'invalidSyntax');
  return body;
}

/** A create's or a replace's body: the core User schema (the enterprise extension tolerated), a userName, a name. */
export function parseScimUser(raw: unknown): ScimUserInput {
  const body = checkSchemas(raw, USER_SCHEMA, [USER_SCHEMA, ENTERPRISE_USER_SCHEMA]);
  const userName = asString(body.userName);
  const parsed = fields.safeParse({ userName, fullName: fullNameOf(body) || userName.split('@')[0] });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ScimError(400, `${String(issue.path[0])}: ${issue.message}`, 'invalidValue');
  }
  return { ...parsed.data, active: body.active === undefined ? true : activeOf(body.active) };
}

/** What a PATCH changes: the name and/or whether the person is active; undefined where it says nothing. */
export interface ScimUserChanges {
  fullName?: string;
  active?: boolean;
}

/** Attributes a PATCH may name; others (emails, externalId, the enterprise extension…) are not kept here and are ignored. */
const NAME_PATHS = new Set(['name.formatted', 'name.givenname', 'name.familyname', 'displayname']);

/**
 * A PATCH body (RFC 7644 §3.5.2): `add` and `replace` of `active`, the name's parts or displayName,
 * with a path or as a value object; `remove` of what is not kept. A change of userName is refused
 * (it is the person's sign-in address).
 */
export function parseScimPatch(raw: unknown, current: UserItem): ScimUserChanges {
  const body = checkSchemas(raw, PATCH_SCHEMA);
  const operations = body.Operations;
  if (!Array.isArray(operations) || operations.length === 0)
    throw new ScimError(400, '"Operations" must be a non-empty array', 'invalidSyntax');
  const changes: ScimUserChanges = {};
  const name: Record<string, string> = {};
  const apply = (path: string, value: unknown) => {
    const key = path.toLowerCase();
    if (key === 'active') changes.active = activeOf(value);
    else if (key === 'username') {
      if (asString(value).toLowerCase() !== current.username.toLowerCase())
        throw new ScimError(400, 'userName cannot be changed: it is the person’s sign-in address', 'mutability');
    } else if (key === 'name' && isRecord(value))
      for (const [part, partValue] of Object.entries(value)) apply(`name.${part}`, partValue);
    else if (NAME_PATHS.has(key)) name[key] = asString(value);
  };
  for (const operation of operations) {
    if (!isRecord(operation) || typeof operation.op !== 'string')
      throw new ScimError(400, 'Each operation needs an "op"', 'invalidSyntax');
    const op = operation.op.toLowerCase();
    const path = operation.path === undefined ? undefined : asString(operation.path);
    if (op === 'remove') {
      if (!path) throw new ScimError(400, 'A remove operation needs a path', 'noTarget');
      if (['active', 'username'].includes(path.toLowerCase()))
        throw new ScimError(400, `${path} cannot be removed`, 'mutability');
      continue;
    }
    if (op !== 'add' && op !== 'replace') throw new ScimError(400, `Unknown op "${operation.op}"`, 'invalidSyntax');
    if (path) apply(path, operation.value);
    else if (isRecord(operation.value)) for (const [attribute, value] of Object.entries(operation.value)) apply(attribute, value);
    else throw new ScimError(400, 'An operation without a path needs an object value', 'invalidValue');
  }
  const fullName =
    name['name.formatted'] || [name['name.givenname'], name['name.familyname']].filter(Boolean).join(' ') || name.displayname;
  if (fullName) {
    const parsed = fields.shape.fullName.safeParse(fullName);
    if (!parsed.success) throw new ScimError(400, `name: ${parsed.error.issues[0]!.message}`, 'invalidValue');
    changes.fullName = parsed.data;
  }
  return changes;
}

/** Room for the longest address (254 characters) escaped, with the attribute and operator: no value of ours is longer. */
export const SCIM_FILTER_MAX_LENGTH = 600;

/**
 * `filter=<attribute> eq "…"` (the attribute and operator in any case): the one filter IdPs send to
 * find a resource, userName for a person and displayName for a group. Answers the value. A longer
 * filter than any value of ours needs is SCIM's 400 before it reaches a key (DynamoDB's limit is 2 KB).
 */
export function parseEqFilter(attribute: 'userName' | 'displayName', filter: string | undefined): string | undefined {
  if (filter === undefined) return undefined;
  if (filter.length > SCIM_FILTER_MAX_LENGTH)
    throw new ScimError(400, `The filter is longer than ${SCIM_FILTER_MAX_LENGTH} characters`, 'invalidFilter');
  const match = new RegExp(`^\\s*${attribute}\\s+eq\\s+"((?:[^"\\\\]|\\\\.)*)"\\s*$`, 'i').exec(filter);
  if (!match) throw new ScimError(400, `Only the filter ${attribute} eq "…" is supported`, 'invalidFilter');
  try {
    return JSON.parse(`"${match[1]}"`) as string;
  } catch {
    throw new ScimError(400, 'The filter’s value is not a valid string', 'invalidFilter');
  }
}
