import * as z from 'zod/mini';
import { API_KEY_SCOPES } from '../api-key-scopes';

export const API_KEY_NAME_MESSAGE = 'Enter a name of 1 to 100 characters, such as CRM sync';
export const API_KEY_SCOPES_MESSAGE = 'Choose at least one thing the key may do';
export const API_KEY_EXPIRY_MESSAGE = 'Choose an expiry of 1 to 365 days, or none';
/** The longest a key may be set to live; without an expiry it lives until it is revoked. */
export const API_KEY_EXPIRY_DAYS_MAX = 365;

/** POST /api/organization/api-keys: what the admin calls the key, what it may do, and for how many days. */
export const apiKeyRequest = /* @__PURE__ */ (() =>
  z.object({
    name: z
      .string(API_KEY_NAME_MESSAGE)
      .check(z.trim(), z.minLength(1, API_KEY_NAME_MESSAGE), z.maxLength(100, API_KEY_NAME_MESSAGE)),
    scopes: z
      .array(z.enum(API_KEY_SCOPES, API_KEY_SCOPES_MESSAGE), API_KEY_SCOPES_MESSAGE)
      .check(z.minLength(1, API_KEY_SCOPES_MESSAGE), z.maxLength(API_KEY_SCOPES.length * 2, API_KEY_SCOPES_MESSAGE)),
    expiresInDays: z.optional(
      z.nullable(
        z
          .number(API_KEY_EXPIRY_MESSAGE)
          .check(
            z.int(API_KEY_EXPIRY_MESSAGE),
            z.gte(1, API_KEY_EXPIRY_MESSAGE),
            z.lte(API_KEY_EXPIRY_DAYS_MAX, API_KEY_EXPIRY_MESSAGE),
          ),
      ),
    ),
  }))();
export type ApiKeyRequest = z.infer<typeof apiKeyRequest>;

/** An API key as listed: never the key itself, which only its creation answers. */
export const apiKeyResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    /** ISO-8601. */
    createdAt: z.string(),
    /** The admin who created it (named as then): it works only while they are an admin. */
    createdBy: z.object({ id: z.string(), fullName: z.string() }),
    /** ISO-8601 of the end of its life, or null when it lives until revoked. */
    expiresAt: z.nullable(z.string()),
    /** ISO-8601 of the last request made with it (to the minute), or null if never used. */
    lastUsedAt: z.nullable(z.string()),
  }))();
export type ApiKeyResponse = z.infer<typeof apiKeyResponse>;

/** GET /api/organization/api-keys: the organization's keys, oldest first. */
export const apiKeyListResponse = /* @__PURE__ */ (() => z.array(apiKeyResponse))();

/** 201 of POST /api/organization/api-keys: the key as listed, and the key itself, shown this once. */
export const apiKeyCreatedResponse = /* @__PURE__ */ (() => z.extend(apiKeyResponse, { key: z.string() }))();
export type ApiKeyCreatedResponse = z.infer<typeof apiKeyCreatedResponse>;
