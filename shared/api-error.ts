import * as z from 'zod/mini';

/**
 * Every non-2xx answer of the API has this body (api-contract.md, Errors). A schema, not only a type,
 * so the OpenAPI document describes the very shape the handlers answer (docs/decisions/115).
 */
export const apiErrorBody = /* @__PURE__ */ (() =>
  z.object({
    message: z.string(),
    fieldErrors: z.optional(z.record(z.string(), z.string())),
    /** A refusal the client acts on beyond showing it (STEP_UP_REQUIRED: ask for the password, then send again). */
    code: z.optional(z.string()),
    requestId: z.optional(z.string()),
  }))();
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** The message of a 503: the database could not answer and the request may be sent again shortly. */
export const SERVICE_BUSY_MESSAGE = 'The service is busy. Please try again shortly.';
