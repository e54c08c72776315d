import { openApiDocumentResponse } from '../schemas/developers';
import { endpoint } from './endpoint';

// What integrations read about the API itself (issue 65, item 2; docs/decisions/115).

/**
 * The OpenAPI 3.1 document of every route an API key may call, generated from this contract at build
 * time. Public: it is documentation, and the reference page at /developers reads it signed out too.
 */
export const openApiDocument = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/openapi.json',
  auth: 'none',
  response: openApiDocumentResponse,
});
