import * as z from 'zod/mini';

/** The answer of a route that only confirms what it did, e.g. `{ "message": "Logged out" }`. */
export const messageResponse = /* @__PURE__ */ (() => z.object({ message: z.string() }))();
