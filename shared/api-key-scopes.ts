/**
 * What an organization's API key may do (issue 65): each /api route a key may call names one scope
 * in its contract (Endpoint.apiKeyScope); a key reaches no other route. A person's routes (their
 * profile, sessions, two-factor) and the admin routes (users, billing, SSO, SCIM, keys, webhooks)
 * name none.
 */
export const API_KEY_SCOPES = ['projects:read', 'projects:write', 'comments:read', 'comments:write', 'people:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a key do, in the words the API keys tab and the reference page show. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'projects:read': 'Read projects, their members and activity',
  'projects:write': 'Create, change and delete projects and set their members',
  'comments:read': 'Read comments',
  'comments:write': 'Post, edit and delete comments',
  'people:read': "Read the organization's people, as the member pickers show them",
};

/** Every key starts so, so a leaked one is recognised by secret scanners and by people. */
export const API_KEY_PREFIX = 'gw_live_';

/** Each key's own requests a minute (functions/api-keys/rate-limit.ts), as the reference and the RateLimit-Policy header state it. */
export const API_KEY_REQUESTS_PER_MINUTE = 120;
