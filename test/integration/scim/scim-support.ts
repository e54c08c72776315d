import { expect } from 'vitest';
import { type ApiResponse, type SignedIn, request } from '../support/api';
import { stepUp } from '../support/two-factor';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const USERS = '/api/scim/v2/Users';
export const GROUPS = '/api/scim/v2/Groups';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/** An admin creates a SCIM token (stepped up) as the Single sign-on tab does; answers the token shown once. */
export async function createScimToken(admin: SignedIn, name = 'Okta'): Promise<{ id: string; token: string }> {
  await stepUp(admin);
  const created = await admin.call('/api/organization/scim-tokens', { body: { name } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; token: string };
}

/** A SCIM request as an identity provider sends it: the bearer token and application/scim+json. */
export function scim(token: string, path: string, options: { method?: string; body?: unknown } = {}): Promise<ApiResponse> {
  return request(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    },
    ...(options.body === undefined ? {} : { rawBody: JSON.stringify(options.body) }),
  });
}

/** RFC 7644 §3.3's example user, at an address of our own. */
export const scimUserBody = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER_SCHEMA],
  userName,
  name: { familyName: 'Jensen', givenName: 'Barbara' },
  emails: [{ value: userName, type: 'work', primary: true }],
  active: true,
  ...extra,
});

export const patchActive = (active: boolean | string) => ({
  schemas: [PATCH_SCHEMA],
  Operations: [{ op: 'replace', path: 'active', value: active }],
});
