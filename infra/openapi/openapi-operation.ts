import type { RouteDefinition } from '../../functions/routes';
import { API_KEY_SCOPE_LABELS, type ApiKeyScope } from '../../shared/api-key-scopes';
import {
  type Endpoint,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_WINDOW_HOURS,
} from '../../shared/contract/endpoint';
import { type JsonSchema, jsonSchemaOf } from './json-schema';
import { type ErrorStatus, SECURITY_SCHEME, answerHeaders, errorResponseRef } from './openapi-components';

/** A route an API key may call: its contract names the scope (Endpoint.apiKeyScope). */
export type KeyRoute = RouteDefinition & { endpoint: Endpoint & { apiKeyScope: ApiKeyScope } };
export const isKeyRoute = (route: RouteDefinition): route is KeyRoute => route.endpoint.apiKeyScope !== undefined;

const words = (kebab: string) => kebab.split('-');
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operation's names come from the route table's handler, which names every route verb-noun in its
 * contract module's folder ('projects/list-projects'): operationId listProjects, summary 'List
 * projects', tag 'Projects'. So a new route is documented by the line that serves it.
 */
function namesOf(route: RouteDefinition) {
  const [resource = '', verbNoun = ''] = route.handler.split('/');
  const [first = '', ...rest] = words(verbNoun);
  return {
    operationId: first + rest.map(capitalized).join(''),
    summary: [capitalized(first), ...rest].join(' '),
    tag: [capitalized(words(resource)[0] ?? ''), ...words(resource).slice(1)].join(' '),
  };
}

/** {name} of the path: every path parameter of the API is an id (functions/middleware/path-ids.ts). */
const pathParameters = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));

/** The query schema's fields, one parameter each (a query string's values are text). */
function queryParameters(query: Endpoint['query']) {
  if (!query) return [];
  const schema = jsonSchemaOf(query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  if (!schema.properties) throw new Error('a query schema is an object of its parameters');
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

const idempotencyHeader = () => ({
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description: `A key of your own for this submit (a UUID): sent again with the same key within ${IDEMPOTENCY_WINDOW_HOURS} hours, the first success is answered again and nothing is created twice.`,
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
});

/** The answer of a success: 201 for a creation (a POST of this API), else 200; every key route answers JSON. */
function successOf(route: KeyRoute) {
  if (!route.endpoint.response)
    throw new Error(`${route.method} ${route.path}: a route an API key may call answers JSON (a response schema)`);
  const created = route.method === 'POST';
  return {
    [created ? '201' : '200']: {
      description: created ? 'Created' : 'OK',
      headers: answerHeaders(),
      content: { 'application/json': { schema: jsonSchemaOf(route.endpoint.response, 'output') } },
    },
  };
}

/** The refusals a route may answer: 400 when it reads a query or a body, 404 when its path names something. */
function errorsOf(route: KeyRoute): ErrorStatus[] {
  const { body, query } = route.endpoint;
  return [
    ...(body || query ? (['400'] as const) : []),
    '401',
    '403',
    ...(route.path.includes('{') ? (['404'] as const) : []),
    '429',
  ];
}

/** One route of the table as an OpenAPI operation, everything but its names read from its contract. */
export function operationOf(route: KeyRoute) {
  const { endpoint } = route;
  const scope = endpoint.apiKeyScope;
  const { operationId, summary, tag } = namesOf(route);
  const parameters = [
    ...pathParameters(route.path),
    ...queryParameters(endpoint.query),
    ...(endpoint.idempotent ? [idempotencyHeader()] : []),
  ];
  return {
    tag,
    operation: {
      operationId,
      summary,
      description: `Needs the \`${scope}\` scope: ${API_KEY_SCOPE_LABELS[scope]}.`,
      tags: [tag],
      security: [{ [SECURITY_SCHEME]: [scope] }],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(endpoint.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(endpoint.body, 'input') } } } }
        : {}),
      responses: {
        ...successOf(route),
        ...Object.fromEntries(errorsOf(route).map((status) => [status, errorResponseRef(status)])),
      },
    },
  };
}
