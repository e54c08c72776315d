import { apiErrorBody } from '../../shared/api-error';
import { API_KEY_PREFIX, API_KEY_REQUESTS_PER_MINUTE, API_KEY_SCOPE_LABELS, API_KEY_SCOPES } from '../../shared/api-key-scopes';
import { jsonSchemaOf } from './json-schema';

/** The security scheme every operation names, with the scope it needs as the requirement's role (OpenAPI 3.1 allows roles for any scheme). */
export const SECURITY_SCHEME = 'apiKey';

/** The refusals of the API, each a response component with the API's one error body (api-contract.md, Errors). */
export const ERROR_RESPONSES = {
  '400': {
    name: 'BadRequest',
    description: 'The query or the body is malformed or fails validation: `fieldErrors` names each field with its message.',
  },
  '401': { name: 'Unauthorized', description: 'The API key is missing, unknown, expired or revoked.' },
  '403': {
    name: 'Forbidden',
    description: "The API key does not have this route's scope, or the organization's rules refuse the request.",
  },
  '404': {
    name: 'NotFound',
    description: 'Nothing with this id in the organization (one of another organization is never revealed).',
  },
  '429': { name: 'TooManyRequests', description: 'The API key is past its limit: send again after `Retry-After` seconds.' },
} as const;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
  RateLimit: { $ref: '#/components/headers/RateLimit' },
};

/** What every answer to a key carries, a refusal's too: its RateLimit headers. */
export const answerHeaders = () => ({ ...RATE_LIMIT_HEADERS });

const scopeList = () => API_KEY_SCOPES.map((scope) => `- \`${scope}\`: ${API_KEY_SCOPE_LABELS[scope]}`).join('\n');

/** The document's components: the key's scheme, the error body, the error responses and the rate-limit headers. */
export function components() {
  return {
    securitySchemes: {
      [SECURITY_SCHEME]: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: `${API_KEY_PREFIX}…`,
        description: [
          `An organization's API key, made by an admin in Organization settings, sent as \`Authorization: Bearer ${API_KEY_PREFIX}…\`.`,
          'The key acts as the organization. Each route needs one scope:',
          '',
          scopeList(),
        ].join('\n'),
      },
    },
    schemas: { Error: jsonSchemaOf(apiErrorBody, 'output') },
    responses: Object.fromEntries(
      Object.entries(ERROR_RESPONSES).map(([status, { name, description }]) => [
        name,
        {
          description,
          headers:
            status === '429'
              ? { ...answerHeaders(), 'Retry-After': { $ref: '#/components/headers/Retry-After' } }
              : answerHeaders(),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      ]),
    ),
    headers: {
      // draft-ietf-httpapi-ratelimit-headers: structured fields naming the policy, then its parameters.
      'RateLimit-Policy': {
        description: `The key's quota and its window in seconds: \`"api-key";q=${API_KEY_REQUESTS_PER_MINUTE};w=60\` (${API_KEY_REQUESTS_PER_MINUTE} requests a minute).`,
        schema: { type: 'string' },
      },
      RateLimit: {
        description: 'What remains of the quota and the seconds until the window resets: `"<policy>";r=<remaining>;t=<seconds>`.',
        schema: { type: 'string' },
      },
      'Retry-After': { description: 'The seconds to wait before sending again.', schema: { type: 'integer', minimum: 1 } },
    },
  };
}

/** A reference to an error response component. */
export const errorResponseRef = (status: ErrorStatus) => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` });
