import * as apiKeyEndpoints from '../shared/contract/api-keys';
import * as assistantEndpoints from '../shared/contract/assistant';
import * as auditLogEndpoints from '../shared/contract/audit-log';
import * as authEndpoints from '../shared/contract/auth';
import * as automationEndpoints from '../shared/contract/automations';
import * as avatarEndpoints from '../shared/contract/avatars';
import * as billingEndpoints from '../shared/contract/billing';
import * as commentEndpoints from '../shared/contract/comments';
import * as dashboardEndpoints from '../shared/contract/dashboard';
import * as developerEndpoints from '../shared/contract/developers';
import * as emailVerificationEndpoints from '../shared/contract/email-verification';
import type { Endpoint } from '../shared/contract/endpoint';
import * as invitationEndpoints from '../shared/contract/invitations';
import * as mailSubscriptionEndpoints from '../shared/contract/mail-subscriptions';
import * as mfaEndpoints from '../shared/contract/mfa';
import * as notificationEndpoints from '../shared/contract/notifications';
import * as organizationEndpoints from '../shared/contract/organization';
import * as organizationInvitationEndpoints from '../shared/contract/organization-invitations';
import * as organizationUserEndpoints from '../shared/contract/organization-users';
import * as passkeyEndpoints from '../shared/contract/passkeys';
import * as passwordResetEndpoints from '../shared/contract/password-reset';
import * as projectEndpoints from '../shared/contract/projects';
import * as scimEndpoints from '../shared/contract/scim';
import * as scimTokenEndpoints from '../shared/contract/scim-tokens';
import * as sessionEndpoints from '../shared/contract/sessions';
import * as ssoEndpoints from '../shared/contract/sso';
import * as ssoRequirementEndpoints from '../shared/contract/sso-requirement';
import * as userEndpoints from '../shared/contract/user';
import * as webhookEndpoints from '../shared/contract/webhooks';

/** The stage secrets a function may read (Secrets Manager in the cloud, the environment locally). */
export type RouteSecret = 'session' | 'stripeSecretKey' | 'stripeWebhookSecret' | 'mfaEncryption';

/**
 * The one list of API routes. The CDK stack makes one Lambda and one API Gateway route per entry;
 * the local emulator dispatches from the same list. `handler` names functions/handlers/<handler>.ts,
 * which exports `handler` (the stream and schedule functions live there too: infra/local/build-functions.ts). `table` is the least DynamoDB access the handler needs.
 */
export interface RouteDefinition {
  /** The endpoint of shared/contract/ this route serves: its method and path are the route's. */
  endpoint: Endpoint;
  method: Endpoint['method'];
  path: Endpoint['path'];
  handler: string;
  table: 'read' | 'readwrite';
  /** The secrets its function may read; ['session'] when absent. */
  secrets?: readonly RouteSecret[];
  /** Its function may call the stage's language model (bedrock:InvokeModel on that model only; docs/decisions/116). */
  model?: true;
}

/** A route-table entry for an endpoint of the contract: method and path are copied from it, never typed. */
const route = <const E extends Endpoint, const H extends string, const T extends RouteDefinition['table']>(
  endpoint: E,
  handler: H,
  table: T,
  secrets?: readonly RouteSecret[],
) => ({ method: endpoint.method, path: endpoint.path, handler, table, endpoint, ...(secrets ? { secrets } : {}) }) as const;

export const routes = [
  route(authEndpoints.register, 'auth/register', 'readwrite'),
  route(authEndpoints.login, 'auth/login', 'readwrite'),
  route(authEndpoints.loginMfa, 'auth/login-mfa', 'readwrite', ['session', 'mfaEncryption']),
  route(authEndpoints.loginCode, 'auth/login-code', 'readwrite'),
  route(authEndpoints.logout, 'auth/logout', 'readwrite'),
  route(authEndpoints.currentUser, 'auth/get-user', 'read'),
  route(projectEndpoints.list, 'projects/list-projects', 'read'),
  route(projectEndpoints.create, 'projects/create-project', 'readwrite'),
  route(projectEndpoints.detail, 'projects/get-project', 'read'),
  route(projectEndpoints.update, 'projects/update-project', 'readwrite'),
  route(projectEndpoints.remove, 'projects/delete-project', 'readwrite'),
  route(projectEndpoints.members, 'projects/get-project-members', 'read'),
  route(projectEndpoints.setMembers, 'projects/set-project-members', 'readwrite'),
  route(projectEndpoints.activity, 'projects/get-project-activity', 'read'),
  // automations: a project's are any member's, the organization's admins'; they run after the fact on the change bus (decision 112)
  route(automationEndpoints.list, 'automations/list-automations', 'read'),
  route(automationEndpoints.get, 'automations/get-automation', 'read'),
  route(automationEndpoints.create, 'automations/create-automation', 'readwrite'),
  route(automationEndpoints.update, 'automations/update-automation', 'readwrite'),
  route(automationEndpoints.remove, 'automations/delete-automation', 'readwrite'),
  route(automationEndpoints.runs, 'automations/list-automation-runs', 'read'),
  // comments: any member of the organization; mentions and members are notified after the fact (decision 048)
  route(commentEndpoints.list, 'comments/list-comments', 'read'),
  route(commentEndpoints.create, 'comments/create-comment', 'readwrite'),
  route(commentEndpoints.update, 'comments/update-comment', 'readwrite'),
  route(commentEndpoints.remove, 'comments/delete-comment', 'readwrite'),
  // dashboard: its figures come with the session (preload)
  route(dashboardEndpoints.summary, 'dashboard/get-dashboard', 'read'),
  // the assistant (issue 67; decision 116): two routes write with the stage's model, the recommendations by rules alone
  { ...route(assistantEndpoints.summarize, 'assistant/summarize-project', 'readwrite'), model: true },
  { ...route(assistantEndpoints.draftBrief, 'assistant/draft-brief', 'readwrite'), model: true },
  route(assistantEndpoints.recommendations, 'assistant/list-recommendations', 'read'),
  route(userEndpoints.uploadAvatar, 'user/upload-avatar', 'readwrite'),
  route(userEndpoints.updateProfile, 'user/update-profile', 'readwrite'),
  route(userEndpoints.changePassword, 'user/change-password', 'readwrite'),
  route(avatarEndpoints.image, 'avatars/get-avatar', 'read'),
  // the API's reference for integrations (decision 115): public, generated from this table at build time
  route(developerEndpoints.openApiDocument, 'developers/get-openapi-document', 'read'),
  route(organizationEndpoints.update, 'organization/update-organization', 'readwrite'),
  route(organizationUserEndpoints.people, 'organization-users/list-organization-users', 'read'),
  route(organizationUserEndpoints.users, 'organization-users/list-users', 'read'),
  route(organizationUserEndpoints.saveUser, 'organization-users/save-user', 'readwrite'),
  route(organizationUserEndpoints.removeUser, 'organization-users/remove-user', 'readwrite'),
  route(organizationUserEndpoints.resetUserMfa, 'organization-users/reset-user-mfa', 'readwrite'),
  // two-factor: only these read the key of the stored TOTP secrets
  route(mfaEndpoints.setup, 'mfa/setup-mfa', 'readwrite', ['session', 'mfaEncryption']),
  route(mfaEndpoints.enable, 'mfa/enable-mfa', 'readwrite', ['session', 'mfaEncryption']),
  route(mfaEndpoints.disable, 'mfa/disable-mfa', 'readwrite', ['session', 'mfaEncryption']),
  route(mfaEndpoints.regenerateRecoveryCodes, 'mfa/regenerate-recovery-codes', 'readwrite', ['session', 'mfaEncryption']),
  route(sessionEndpoints.list, 'sessions/list-sessions', 'read'),
  route(sessionEndpoints.remove, 'sessions/delete-session', 'readwrite'),
  route(sessionEndpoints.revokeOthers, 'sessions/revoke-other-sessions', 'readwrite'),
  // step-up: a two-factor code is one of its proofs
  route(sessionEndpoints.stepUp, 'sessions/step-up-session', 'readwrite', ['session', 'mfaEncryption']),
  // passkeys (docs/decisions/046): the caller's own, and signing in with one
  route(passkeyEndpoints.registrationOptions, 'passkeys/create-registration-options', 'readwrite'),
  route(passkeyEndpoints.add, 'passkeys/add-passkey', 'readwrite'),
  route(passkeyEndpoints.list, 'passkeys/list-passkeys', 'read'),
  route(passkeyEndpoints.remove, 'passkeys/remove-passkey', 'readwrite'),
  route(passkeyEndpoints.signInOptions, 'passkeys/create-sign-in-options', 'readwrite'),
  route(passkeyEndpoints.signIn, 'passkeys/sign-in-with-passkey', 'readwrite'),
  route(passkeyEndpoints.secondFactorOptions, 'passkeys/create-second-factor-options', 'readwrite'),
  route(passkeyEndpoints.secondFactor, 'passkeys/finish-sign-in-with-passkey', 'readwrite'),
  route(passkeyEndpoints.stepUpOptions, 'passkeys/create-step-up-options', 'readwrite'),
  route(passkeyEndpoints.stepUp, 'passkeys/step-up-with-passkey', 'readwrite'),
  route(notificationEndpoints.list, 'notifications/list-notifications', 'read'),
  route(notificationEndpoints.unreadCount, 'notifications/get-unread-count', 'read'),
  route(notificationEndpoints.markRead, 'notifications/mark-notification-read', 'readwrite'),
  route(notificationEndpoints.markAllRead, 'notifications/mark-all-notifications-read', 'readwrite'),
  // mail links: public, throttled writes answered alike for known and unknown addresses
  route(passwordResetEndpoints.request, 'password-reset/request-password-reset', 'readwrite'),
  route(passwordResetEndpoints.confirm, 'password-reset/confirm-password-reset', 'readwrite'),
  route(passwordResetEndpoints.check, 'password-reset/check-password-reset', 'read'),
  route(emailVerificationEndpoints.resend, 'email-verification/resend-verification', 'readwrite'),
  route(emailVerificationEndpoints.confirm, 'email-verification/confirm-email-verification', 'readwrite'),
  // invitations: admins manage them; lookup and accept are public (the token is the proof)
  route(organizationInvitationEndpoints.list, 'organization-invitations/list-invitations', 'read'),
  route(organizationInvitationEndpoints.create, 'organization-invitations/create-invitation', 'readwrite'),
  route(organizationInvitationEndpoints.resend, 'organization-invitations/resend-invitation', 'readwrite'),
  route(organizationInvitationEndpoints.revoke, 'organization-invitations/revoke-invitation', 'readwrite'),
  route(invitationEndpoints.lookup, 'invitations/look-up-invitation', 'readwrite'),
  route(invitationEndpoints.accept, 'invitations/accept-invitation', 'readwrite'),
  // audit log: read only; entries are written by the actions they record
  route(auditLogEndpoints.list, 'audit-log/list-audit-log', 'read'),
  route(auditLogEndpoints.exportCsv, 'audit-log/export-audit-log', 'read'),
  // billing: the webhook reads no session, only Stripe's secrets
  route(billingEndpoints.subscription, 'billing/get-subscription', 'read', ['session', 'stripeSecretKey']),
  route(billingEndpoints.portalSession, 'billing/create-portal-session', 'read', ['session', 'stripeSecretKey']),
  route(billingEndpoints.checkoutReference, 'billing/create-checkout-reference', 'readwrite'),
  // enterprise sign-in (issue 40): verified domains
  route(ssoEndpoints.listDomains, 'sso/list-sso-domains', 'read'),
  route(ssoEndpoints.addDomain, 'sso/add-sso-domain', 'readwrite'),
  route(ssoEndpoints.verifyDomain, 'sso/verify-sso-domain', 'readwrite'),
  route(ssoEndpoints.removeDomain, 'sso/remove-sso-domain', 'readwrite'),
  // single sign-on: the connection's client secret is encrypted under the two-factor secret's stage key (decision 044)
  route(ssoEndpoints.settings, 'sso/get-sso-settings', 'read'),
  route(ssoEndpoints.saveConnection, 'sso/save-sso-connection', 'readwrite', ['session', 'mfaEncryption']),
  route(ssoEndpoints.testConnection, 'sso/test-sso-connection', 'read'),
  route(ssoEndpoints.testResult, 'sso/get-sso-test-result', 'read'),
  route(ssoEndpoints.start, 'sso/start-sso-sign-in', 'read'),
  route(ssoEndpoints.oidcCallback, 'sso/finish-oidc-sign-in', 'readwrite', ['session', 'mfaEncryption']),
  // single sign-on required, and the admins who keep password access (decision 059)
  route(ssoRequirementEndpoints.requirement, 'sso-requirement/get-sso-requirement', 'read'),
  route(ssoRequirementEndpoints.setRequirement, 'sso-requirement/set-sso-requirement', 'readwrite'),
  route(ssoRequirementEndpoints.setPasswordAccess, 'sso-requirement/set-password-access', 'readwrite'),
  // SAML's assertion consumer service (decision 058): a cross-site form POST, so a raw-body route; the session key starts the session
  route(ssoEndpoints.samlAcs, 'sso/finish-saml-sign-in', 'readwrite'),
  route(mailSubscriptionEndpoints.unsubscribe, 'mail-subscriptions/unsubscribe-from-list', 'readwrite', ['mfaEncryption']),
  route(mailSubscriptionEndpoints.resubscribe, 'mail-subscriptions/resubscribe-to-list', 'readwrite', ['mfaEncryption']),
  // SCIM provisioning (issue 40, item 5; decision 045): admins manage the tokens; the SCIM routes read no session, the token is the authentication
  route(scimTokenEndpoints.list, 'scim-tokens/list-scim-tokens', 'read'),
  route(scimTokenEndpoints.create, 'scim-tokens/create-scim-token', 'readwrite'),
  route(scimTokenEndpoints.revoke, 'scim-tokens/revoke-scim-token', 'readwrite'),
  // outbound webhooks (issue 65; decision 114): admins manage the endpoints; deliveries are sent by the change bus's webhook consumer and its sweeper, never by a request
  route(webhookEndpoints.list, 'webhooks/list-webhooks', 'read'),
  route(webhookEndpoints.create, 'webhooks/create-webhook', 'readwrite'),
  route(webhookEndpoints.update, 'webhooks/update-webhook', 'readwrite'),
  route(webhookEndpoints.remove, 'webhooks/delete-webhook', 'readwrite'),
  route(webhookEndpoints.rotateSecret, 'webhooks/rotate-webhook-secret', 'readwrite'),
  route(webhookEndpoints.sendTest, 'webhooks/send-test-webhook', 'readwrite'),
  route(webhookEndpoints.deliveries, 'webhooks/list-webhook-deliveries', 'read'),
  route(webhookEndpoints.retryDelivery, 'webhooks/retry-webhook-delivery', 'readwrite'),
  // API keys (issue 65; decision 113): admins make and revoke them; a key reaches only the routes whose contract names one of its scopes
  route(apiKeyEndpoints.list, 'api-keys/list-api-keys', 'read'),
  route(apiKeyEndpoints.create, 'api-keys/create-api-key', 'readwrite'),
  route(apiKeyEndpoints.revoke, 'api-keys/revoke-api-key', 'readwrite'),
  route(scimEndpoints.listUsers, 'scim/list-scim-users', 'readwrite'),
  route(scimEndpoints.getUser, 'scim/get-scim-user', 'readwrite'),
  route(scimEndpoints.createUser, 'scim/create-scim-user', 'readwrite'),
  route(scimEndpoints.replaceUser, 'scim/replace-scim-user', 'readwrite'),
  route(scimEndpoints.patchUser, 'scim/patch-scim-user', 'readwrite'),
  route(scimEndpoints.deleteUser, 'scim/delete-scim-user', 'readwrite'),
  // SCIM discovery and Groups (decision 060): the groups are the two roles
  route(scimEndpoints.serviceProviderConfig, 'scim/get-scim-service-provider-config', 'readwrite'),
  route(scimEndpoints.resourceTypes, 'scim/list-scim-resource-types', 'readwrite'),
  route(scimEndpoints.schemas, 'scim/list-scim-schemas', 'readwrite'),
  route(scimEndpoints.listGroups, 'scim/list-scim-groups', 'readwrite'),
  route(scimEndpoints.getGroup, 'scim/get-scim-group', 'readwrite'),
  route(scimEndpoints.replaceGroup, 'scim/replace-scim-group', 'readwrite'),
  route(scimEndpoints.patchGroup, 'scim/patch-scim-group', 'readwrite'),
  route(scimEndpoints.createGroup, 'scim/create-scim-group', 'readwrite'),
  route(scimEndpoints.deleteGroup, 'scim/delete-scim-group', 'readwrite'),
  route(billingEndpoints.webhook, 'billing/receive-stripe-webhook', 'readwrite', ['stripeWebhookSecret', 'stripeSecretKey']),
] as const satisfies readonly RouteDefinition[];

/** How long a handler may run: the functions' timeout in the cloud and the emulator's alike. */
export const HANDLER_TIMEOUT_SECONDS = 10;

/** The route's function may call the stage's language model: its role gets bedrock:InvokeModel on that model (infra/constructs/api.ts). */
export const invokesModel = (route: RouteDefinition): boolean => route.model === true;

/** The secrets a route's function may read. */
export const secretsOf = (route: RouteDefinition): readonly RouteSecret[] => route.secrets ?? ['session'];

/**
 * The admins' routes and SCIM's: their functions reach the organization's partitions only through the
 * tenant role, which DynamoDB holds to the session's or token's organization (docs/decisions/111).
 * The member picker (/api/organization-users) is under the same prefix and goes the same way.
 */
export const isTenantScoped = (route: Pick<RouteDefinition, 'path'>): boolean =>
  route.path.startsWith('/api/organization') || route.path.startsWith('/api/scim/');

/** A route's handler as a name fit for a Lambda function or a bundle folder: 'auth/get-user' → 'auth-get-user'. */
export const handlerName = (route: Pick<RouteDefinition, 'handler'>) => route.handler.replaceAll('/', '-');
