import type { RouteDefinition } from '../../functions/routes';
import { API_KEY_PREFIX } from '../../shared/api-key-scopes';
import { PRODUCT_NAME } from '../../shared/product';
import { components } from './openapi-components';
import { isKeyRoute, operationOf } from './openapi-operation';

/**
 * The OpenAPI 3.1 document of the routes an organization's API key may call, built from the route
 * table and the contract's schemas (docs/decisions/115): nothing in it is written by hand but the
 * prose of the components. `version` is the product's (package.json).
 */
export function openApiDocument(routes: readonly RouteDefinition[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags: string[] = [];
  for (const route of routes.filter(isKeyRoute)) {
    const { tag, operation } = operationOf(route);
    if (!tags.includes(tag)) tags.push(tag);
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version,
      description: `The projects, comments and people of your ${PRODUCT_NAME} organization, for its API keys (\`${API_KEY_PREFIX}…\`). Every answer is JSON; every refusal has the same error body.`,
    },
    tags: tags.map((name) => ({ name })),
    paths,
    components: components(),
  };
}
