/**
 * The OpenAPI document the build generates from the contract (infra/openapi/, docs/decisions/115):
 * the handler bundles it as JSON through the bundling's alias (infra/bundling.ts), so no schema and
 * no JSON Schema converter is loaded at a cold start. Declared here, as the file exists only once built.
 */
declare module '@growthwise/openapi-document' {
  const document: import('../../shared/schemas/developers').OpenApiDocumentResponse;
  export default document;
}
