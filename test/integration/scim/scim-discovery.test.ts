import { describe, expect, it } from 'vitest';
import { budgetOf } from '../budgets/read-budgets';
import { registerOrganization, request } from '../support/api';
import { ERROR_SCHEMA, GROUPS, GROUP_SCHEMA, USERS, USER_SCHEMA, createScimToken, scim } from './scim-support';

const BASE = '/api/scim/v2';
const DISCOVERY = ['ServiceProviderConfig', 'ResourceTypes', 'Schemas'].map((name): `/api/${string}` => `${BASE}/${name}`);

async function provisioned() {
  const admin = await registerOrganization();
  return { admin, ...(await createScimToken(admin)) };
}

interface SchemaAttribute {
  name: string;
  mutability: string;
  subAttributes?: SchemaAttribute[];
}

describe('SCIM discovery: what the service supports, as an identity provider reads it (RFC 7643 §5–7, RFC 7644 §4)', () => {
  it('ServiceProviderConfig says what is supported: PATCH and filters yes; bulk, sort, ETags and password changes no; a bearer token', async () => {
    const { token } = await provisioned();
    const config = await scim(token, `${BASE}/ServiceProviderConfig`);
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toContain('application/scim+json');
    expect(config.body).toEqual({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: 100 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [
        expect.objectContaining({
          type: 'oauthbearertoken',
          name: expect.any(String),
          description: expect.any(String),
          primary: true,
        }),
      ],
      meta: { resourceType: 'ServiceProviderConfig', location: expect.stringMatching(/\/api\/scim\/v2\/ServiceProviderConfig$/) },
    });
  });

  it('ResourceTypes lists User and Group with their endpoints and schemas', async () => {
    const { token } = await provisioned();
    const types = await scim(token, `${BASE}/ResourceTypes`);
    expect(types.status).toBe(200);
    expect(types.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 2,
      startIndex: 1,
      itemsPerPage: 2,
    });
    expect(types.body.Resources).toEqual([
      expect.objectContaining({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
        id: 'User',
        name: 'User',
        endpoint: '/Users',
        schema: USER_SCHEMA,
      }),
      expect.objectContaining({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
        id: 'Group',
        name: 'Group',
        endpoint: '/Groups',
        schema: GROUP_SCHEMA,
      }),
    ]);
    // Each endpoint it names answers with the token.
    for (const type of types.body.Resources as { endpoint: string }[])
      expect((await scim(token, `${BASE}${type.endpoint}`)).status).toBe(200);
    expect([USERS, GROUPS]).toEqual(types.body.Resources.map((type: { endpoint: string }) => `${BASE}${type.endpoint}`));
  });

  it('Schemas describes the User and Group attributes kept here, with what an IdP may change', async () => {
    const { token } = await provisioned();
    const listed = await scim(token, `${BASE}/Schemas`);
    expect(listed.status).toBe(200);
    expect(listed.body.totalResults).toBe(2);
    const [user, group] = listed.body.Resources as {
      id: string;
      schemas: string[];
      attributes: SchemaAttribute[];
      meta: { location: string };
    }[];
    expect(user!.id).toBe(USER_SCHEMA);
    expect(group!.id).toBe(GROUP_SCHEMA);
    expect(user!.schemas).toEqual(['urn:ietf:params:scim:schemas:core:2.0:Schema']);
    const mutability = (attributes: SchemaAttribute[]) =>
      Object.fromEntries(attributes.map((attribute) => [attribute.name, attribute.mutability]));
    expect(mutability(user!.attributes)).toEqual({
      userName: 'immutable',
      name: 'readWrite',
      displayName: 'readWrite',
      emails: 'readOnly',
      active: 'readWrite',
      groups: 'readOnly',
    });
    expect(mutability(group!.attributes)).toEqual({ displayName: 'readOnly', members: 'readWrite' });
    expect(
      user!.attributes.find((attribute) => attribute.name === 'name')!.subAttributes!.map((attribute) => attribute.name),
    ).toEqual(['formatted', 'givenName', 'familyName']);
    expect(group!.meta.location).toMatch(new RegExp(`/api/scim/v2/Schemas/${GROUP_SCHEMA}$`));
  });

  it('needs a live SCIM token like every SCIM route: without one, or with a revoked one, 401 in SCIM’s shape', async () => {
    const { admin, token, id } = await provisioned();
    expect((await admin.call(`/api/organization/scim-tokens/${id}`, { method: 'DELETE' })).status).toBe(200);
    for (const path of DISCOVERY) {
      for (const refused of [await request(path), await scim(token, path)]) {
        expect(refused.status, path).toBe(401);
        expect(refused.body, path).toEqual({ schemas: [ERROR_SCHEMA], status: '401', detail: expect.any(String) });
      }
    }
  });

  it('reads nothing but the token with its organization, and its creator, whatever the organization’s size', async () => {
    const { token } = await provisioned();
    for (const path of DISCOVERY) {
      const answered = await scim(token, path);
      expect(answered.dbReads, path).toEqual(['BatchGetItem:strong', 'GetItem:strong']);
      expect(answered.dbCalls, path).toBeLessThanOrEqual(budgetOf({ method: 'GET', path }));
    }
  });
});
