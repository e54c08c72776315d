/**
 * How each read route reads, call by call, as `<operation>:<strong|eventual>` in the order the
 * handler makes them: the "Consistency" column of docs/data-model.md (Read consistency) as data.
 * Strongly consistent reads cost twice the read units of eventually consistent ones; a read is
 * strong only where the docs say why (revocation, a user's own write read back at once, a retry
 * after a lost race). Every GET route of the table has its line.
 */
export const READ_CONSISTENCY: Record<string, readonly string[]> = {
  // The session load: one BatchGetItem, strong (the session's revocation; the user item's mark-all-read
  // marker, name, password hash and two-factor state read back right after the user changes them).
  'GET /api/user': ['BatchGetItem:strong'],
  // The count moves right after the user marks one read (docs/decisions/102).
  'GET /api/notifications/unread/count': ['BatchGetItem:strong', 'Query:strong'],
  'GET /api/billing/subscription': ['BatchGetItem:strong'],
  // Refetched right after the user marks one read.
  'GET /api/notifications': ['BatchGetItem:strong', 'Query:strong'],
  // Creation order, refetched right after the user creates a project (the other orders read the indexes, eventually).
  'GET /api/projects': ['BatchGetItem:strong', 'Query:strong'],
  // The project and its member set come with the session; what the list shows of its members from
  // their memberships' copies, an index and so eventually (decision 103).
  'GET /api/projects/{id}': ['BatchGetItem:strong', 'Query:eventual'],
  'GET /api/projects/{id}/members': ['BatchGetItem:strong', 'Query:eventual'],
  // Refetched right after the user's own change to the project.
  'GET /api/projects/{id}/activity': ['BatchGetItem:strong', 'Query:strong'],
  'GET /api/organization-users': ['BatchGetItem:strong', 'Query:strong'],
  'GET /api/organization/users': ['BatchGetItem:strong', 'Query:strong'],
  // Refetched right after the admin invites, resends or revokes.
  'GET /api/organization/invitations': ['BatchGetItem:strong', 'Query:strong'],
  // Refetched right after the person's own change of a rule: the organization's rules (with ?projectId= the project's beside them, as strongly: issue 64).
  'GET /api/automations': ['BatchGetItem:strong', 'Query:strong'],
  'GET /api/automations/{id}': ['BatchGetItem:strong'],
  // A rule's runs are written after the fact: the history is read eventually.
  'GET /api/automations/{id}/runs': ['BatchGetItem:strong', 'Query:eventual'],
  'GET /api/organization/sso': ['BatchGetItem:strong'],
  'GET /api/organization/sso/test-result': ['BatchGetItem:strong'],
  // Driven here signed in but with no pending sign-in: the session load alone, then refused; a sign-in's own reads are strong (test/integration/sso).
  'GET /api/sso/oidc/callback': ['BatchGetItem:strong'],
  // Refetched right after the admin adds, verifies or removes a domain.
  'GET /api/organization/sso/domains': ['BatchGetItem:strong', 'Query:strong'],
  // The session with the connection preloaded, the domains as their own list reads them, the admins from the role index.
  'GET /api/organization/sso/requirement': ['BatchGetItem:strong', 'Query:strong', 'Query:eventual'],
  // SCIM (decision 045): the token strong (a revoked one stops at once), with its organization (the plan sizes its request budget), and its creator strong (one demoted stops the token at once: 069); the user items strong (an IdP reads right after it writes).
  'GET /api/organization/scim-tokens': ['BatchGetItem:strong', 'Query:strong'],
  // Refetched right after the admin's own change of an endpoint; its deliveries are written after the fact, and read eventually.
  'GET /api/organization/webhooks': ['BatchGetItem:strong', 'Query:strong'],
  'GET /api/organization/webhooks/{id}/deliveries': ['BatchGetItem:strong', 'Query:eventual'],
  'GET /api/organization/api-keys': ['BatchGetItem:strong', 'Query:strong'],
  'GET /api/scim/v2/Users': ['BatchGetItem:strong', 'GetItem:strong', 'GetItem:eventual', 'Query:strong'],
  'GET /api/scim/v2/Users/{id}': ['BatchGetItem:strong', 'GetItem:strong', 'GetItem:strong'],
  // Groups (decision 060): a group's members from the role index, which is eventually consistent.
  'GET /api/scim/v2/ServiceProviderConfig': ['BatchGetItem:strong', 'GetItem:strong'],
  'GET /api/scim/v2/ResourceTypes': ['BatchGetItem:strong', 'GetItem:strong'],
  'GET /api/scim/v2/Schemas': ['BatchGetItem:strong', 'GetItem:strong'],
  'GET /api/scim/v2/Groups': ['BatchGetItem:strong', 'GetItem:strong', 'Query:eventual', 'Query:eventual'],
  'GET /api/scim/v2/Groups/{id}': ['BatchGetItem:strong', 'GetItem:strong', 'Query:eventual'],
  // Refetched right after the user ends a session.
  'GET /api/user/sessions': ['BatchGetItem:strong', 'Query:strong'],
  // Refetched right after the user adds or removes a passkey.
  'GET /api/user/passkeys': ['BatchGetItem:strong', 'Query:strong'],
  // The project with the session, then the page; refetched right after the user's own comment.
  'GET /api/projects/{id}/comments': ['BatchGetItem:strong', 'Query:strong'],
  // One Query is the caller's memberships, which the stream consumer keeps: eventual like it (docs/decisions/037), with their copies of the projects 'my projects' shows (104).
  'GET /api/dashboard': ['BatchGetItem:strong', 'Query:eventual', 'Query:eventual', 'Query:eventual', 'Query:eventual'],
  // Rules over index reads, as the dashboard's; the member sets and the busiest people's names are other people's writes.
  'GET /api/dashboard/recommendations': [
    'BatchGetItem:strong',
    'Query:eventual',
    'Query:eventual',
    'Query:eventual',
    'Query:eventual',
    'Query:eventual',
    'BatchGetItem:eventual',
  ],
  'GET /api/organization/audit-log': ['BatchGetItem:strong', 'Query:eventual'],
  'GET /api/organization/audit-log/export': ['BatchGetItem:strong', 'Query:eventual'],
  // The image eventually; strongly only when that read misses the version (see the avatar test).
  'GET /api/avatars/{userId}/{version}': ['BatchGetItem:strong', 'GetItem:eventual'],
  // A fixed document; a signed-in reader's cookie loads the session as on every route.
  'GET /api/openapi.json': ['BatchGetItem:strong'],
};
