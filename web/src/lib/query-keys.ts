/**
 * The root of every query key, named as the contract module it reads. Each feature's api file builds
 * its keys under its root, and a mutation that changes what another screen shows invalidates that
 * screen's root from here: features never import each other, and no key is spelled twice.
 */
export const queryKeys = {
  /** The signed-in user (lib/current-user.ts); signing out keeps this root only. */
  user: ['user'],
  sessions: ['sessions'],
  passkeys: ['passkeys'],
  /**
   * The organization's users: the admins' table (organization-users) and the member pickers
   * (organization-users' people) both live under it, lib/api/organization-users.ts, so a change of a user refreshes both at once.
   */
  organizationUsers: ['organization-users'],
  organizationInvitations: ['organization-invitations'],
  auditLog: ['audit-log'],
  /** The organization's single sign-on settings: its verified domains. */
  sso: ['sso'],
  /** The organization's SCIM tokens (listed with their last use). */
  scimTokens: ['scim-tokens'],
  apiKeys: ['api-keys'],
  /** An invitation link looked up by its token (the public invitations module). */
  invitations: ['invitations'],
  /** A password-reset link checked by its token as the reset page opens. */
  passwordResetLink: ['password-reset-link'],
  /** Every project query, the dashboard's included: a project mutation invalidates them all. */
  projects: ['projects'],
  /** Under projects: the dashboard summarizes them and refreshes with every project mutation. */
  dashboard: ['projects', 'dashboard'],
  /** Under projects too: the dashboard's 'Needs attention' is read again with every project mutation. */
  recommendations: ['projects', 'recommendations'],
  notifications: ['notifications'],
  /** Automation rules and their runs (a project's and the organization's), lib/api/automations.ts. */
  automations: ['automations'],
  /** The organization's webhook endpoints and their deliveries, lib/api/webhooks.ts. */
  webhooks: ['webhooks'],
  billing: ['billing'],
  /** Stripe's pricing-table script, loaded once a page shows the table. */
  stripePricingTableScript: ['stripe-pricing-table-script'],
  /** The API's OpenAPI document, for the reference page (/developers). */
  developers: ['developers'],
  /** /config.json, read at run time (lib/runtime-config.ts). */
  runtimeConfig: ['runtime-config'],
} as const;
