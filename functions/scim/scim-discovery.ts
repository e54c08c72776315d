import { GROUP_SCHEMA, SCIM_GROUP_MEMBERS_MAX } from './scim-group';
import { LIST_SCHEMA, SCIM_PAGE_MAX, USER_SCHEMA } from './scim-user';

/**
 * What this service supports, as an identity provider reads it before provisioning (RFC 7643 §5–7;
 * docs/decisions/060): only what the Users and Groups routes really do, so an IdP never sends what
 * would be refused.
 */

const SERVICE_PROVIDER_CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

const listOf = <T>(resources: T[]) => ({
  schemas: [LIST_SCHEMA],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SERVICE_PROVIDER_CONFIG_SCHEMA],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    // userName eq for Users, displayName eq for Groups.
    filter: { supported: true, maxResults: SCIM_PAGE_MAX },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description:
          'A SCIM token an administrator creates in Account Settings → Single sign-on, sent as Authorization: Bearer <token>.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string) {
  const type = (id: 'User' | 'Group', endpoint: string, schema: string, description: string) => ({
    schemas: [RESOURCE_TYPE_SCHEMA],
    id,
    name: id,
    endpoint,
    description,
    schema,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${id}` },
  });
  return listOf([
    type('User', '/Users', USER_SCHEMA, 'A person of the organization; userName is their sign-in email.'),
    type('Group', '/Groups', GROUP_SCHEMA, 'The two fixed groups, Administrators and Staff: the organization’s roles.'),
  ]);
}

type Mutability = 'readOnly' | 'readWrite' | 'immutable';

interface Attribute {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: Mutability;
  returned: 'default' | 'always';
  uniqueness: 'none' | 'server';
  subAttributes?: Attribute[];
  referenceTypes?: string[];
}

const attribute = (name: string, type: Attribute['type'], description: string, options: Partial<Attribute> = {}): Attribute => ({
  name,
  type,
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...options,
});

const USER_ATTRIBUTES: Attribute[] = [
  attribute('userName', 'string', 'The person’s sign-in email address; it cannot change.', {
    required: true,
    mutability: 'immutable',
    returned: 'always',
    uniqueness: 'server',
  }),
  attribute('name', 'complex', 'The person’s name, kept as one full name (formatted).', {
    subAttributes: [
      attribute('formatted', 'string', 'The full name.'),
      attribute('givenName', 'string', 'Joined with familyName into the full name when formatted is absent.'),
      attribute('familyName', 'string', 'Joined with givenName into the full name when formatted is absent.'),
    ],
  }),
  attribute('displayName', 'string', 'The full name, used when name is absent.'),
  attribute('emails', 'complex', 'The sign-in address, as userName.', {
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: [
      attribute('value', 'string', 'The address.', { mutability: 'readOnly' }),
      attribute('type', 'string', 'Always work.', { mutability: 'readOnly' }),
    ],
  }),
  attribute('active', 'boolean', 'false removes the person from the organization and ends their sessions.'),
  attribute('groups', 'complex', 'The group of the person’s role; change it through the Group.', {
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: [
      attribute('value', 'string', 'The group’s id.', { mutability: 'readOnly' }),
      attribute('display', 'string', 'The group’s name.', { mutability: 'readOnly' }),
    ],
  }),
];

const GROUP_ATTRIBUTES: Attribute[] = [
  attribute('displayName', 'string', 'Administrators or Staff; fixed.', {
    required: true,
    mutability: 'readOnly',
    returned: 'always',
    uniqueness: 'server',
  }),
  attribute(
    'members',
    'complex',
    `The people of the role; joining a group gives its role. Listed up to ${SCIM_GROUP_MEMBERS_MAX}; exclude them with excludedAttributes=members.`,
    {
      multiValued: true,
      subAttributes: [
        attribute('value', 'string', 'The user’s id.', { mutability: 'immutable', caseExact: true }),
        attribute('display', 'string', 'The user’s name.', { mutability: 'readOnly' }),
        attribute('$ref', 'reference', 'The User resource.', { mutability: 'readOnly', referenceTypes: ['User'] }),
      ],
    },
  ),
];

export function schemas(baseUrl: string) {
  const schema = (id: string, name: string, description: string, attributes: Attribute[]) => ({
    schemas: [SCHEMA_SCHEMA],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` },
  });
  return listOf([
    schema(USER_SCHEMA, 'User', 'A person of the organization', USER_ATTRIBUTES),
    schema(GROUP_SCHEMA, 'Group', 'A role of the organization', GROUP_ATTRIBUTES),
  ]);
}
