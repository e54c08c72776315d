import * as z from 'zod/mini';

export const SCIM_TOKEN_NAME_MESSAGE = 'Enter a name of 1 to 100 characters, such as Okta';

/** POST /api/organization/scim-tokens: what the admin calls the token (the identity provider it is for). */
export const scimTokenRequest = /* @__PURE__ */ (() =>
  z.object({
    name: z
      .string(SCIM_TOKEN_NAME_MESSAGE)
      .check(z.trim(), z.minLength(1, SCIM_TOKEN_NAME_MESSAGE), z.maxLength(100, SCIM_TOKEN_NAME_MESSAGE)),
  }))();
export type ScimTokenRequest = z.infer<typeof scimTokenRequest>;

/** A SCIM token as listed: never the token itself, which only its creation answers. */
export const scimTokenResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    name: z.string(),
    /** ISO-8601. */
    createdAt: z.string(),
    /** The admin who created it (named as then): it works only while they are an admin. Null for tokens made before creators were recorded. */
    createdBy: z.nullable(z.object({ id: z.string(), fullName: z.string() })),
    /** ISO-8601 of the last request made with it (to the minute), or null if never used. */
    lastUsedAt: z.nullable(z.string()),
  }))();
export type ScimTokenResponse = z.infer<typeof scimTokenResponse>;

/** GET /api/organization/scim-tokens: the organization's tokens, oldest first. */
export const scimTokenListResponse = /* @__PURE__ */ (() => z.array(scimTokenResponse))();

/** 201 of POST /api/organization/scim-tokens: the bearer token, shown this once. */
export const scimTokenCreatedResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    name: z.string(),
    token: z.string(),
    createdAt: z.string(),
  }))();
export type ScimTokenCreatedResponse = z.infer<typeof scimTokenCreatedResponse>;
