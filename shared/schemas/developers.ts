import * as z from 'zod/mini';

/**
 * GET /api/openapi.json: an OpenAPI 3.1 document. Only its frame is named here; its paths are
 * whatever the build generated from the contract (infra/openapi/).
 */
export const openApiDocumentResponse = /* @__PURE__ */ (() =>
  z.looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  }))();
export type OpenApiDocumentResponse = z.infer<typeof openApiDocumentResponse>;
