import type { AuditAction } from '@shared/schemas/audit-log';

/** Each action of the log in words, for its rows and its action filter. A new action fails typecheck here until it has words. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'session.signed_in': 'Signed in',
  'session.sign_in_failed': 'Sign-in failed',
  'session.signed_out': 'Signed out',
  'user.password_changed': 'Password changed',
  'user.password_reset': 'Password reset',
  'user.added': 'User added',
  'user.edited': 'User edited',
  'user.role_changed': 'Role changed',
  'user.removed': 'User removed',
  'mfa.enabled': 'Two-factor turned on',
  'mfa.disabled': 'Two-factor turned off',
  'mfa.reset': 'Two-factor reset',
  'mfa.recovery_code_used': 'Recovery code used',
  'mfa.recovery_codes_regenerated': 'New recovery codes',
  'passkey.added': 'Passkey added',
  'passkey.removed': 'Passkey removed',
  'invitation.sent': 'Invitation sent',
  'invitation.resent': 'Invitation resent',
  'invitation.revoked': 'Invitation revoked',
  'invitation.accepted': 'Invitation accepted',
  'organization.renamed': 'Organization renamed',
  'organization.mfa_requirement_changed': 'Two-factor requirement changed',
  'organization.assistant_changed': 'Assistant turned on or off',
  'sso.domain_added': 'Domain added',
  'sso.domain_verified': 'Domain verified',
  'sso.domain_removed': 'Domain removed',
  'sso.connection_changed': 'SSO connection changed',
  'sso.connection_tested': 'SSO connection tested',
  'sso.requirement_changed': 'SSO requirement changed',
  'sso.password_access_changed': 'Password access changed',
  'scim.token_created': 'SCIM token created',
  'scim.token_revoked': 'SCIM token revoked',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'webhook.created': 'Webhook created',
  'webhook.updated': 'Webhook changed',
  'webhook.deleted': 'Webhook deleted',
  'webhook.secret_rotated': 'Webhook secret rotated',
  'project.deleted': 'Project deleted',
  'comment.deleted': 'Comment deleted',
  'automation.created': 'Automation created',
  'automation.updated': 'Automation updated',
  'automation.deleted': 'Automation deleted',
  'billing.subscription_changed': 'Subscription changed',
  'billing.payment_failed': 'Payment failed',
  'billing.payment_succeeded': 'Payment succeeded',
};

/** The details object in words: 'from: staff, to: admin'. */
export const auditDetailsText = (details: Record<string, string | number | boolean | null>) =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${value === null ? '—' : String(value)}`)
    .join(', ');
