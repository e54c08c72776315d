import { ulid } from 'ulid';
import { now } from '../clock';
import type { AssistantUsage } from '../domain/assistant-allowance';

/**
 * An organization: `ORG#<orgId> / ORG` (organizationKeys.organization). Created by registration with its first
 * user, an admin.
 */
export interface OrganizationItem {
  type: 'ORG';
  id: string;
  name: string;
  /** Kept in the same transaction as every role change, so "last admin" checks are atomic. */
  adminCount: number;
  /**
   * Its users, kept in the same transaction as every user created or removed (docs/decisions/031):
   * the user lists' X-Total-Count and how they search. Absent until scripts/index-users.ts ran.
   */
  userCount?: number;
  plan: string;
  billingCycle: string;
  createdAt: string;
  /**
   * Members with neither the authenticator app nor a passkey (functions/organization/members-without-two-factor.ts,
   * docs/decisions/054). Absent until scripts/recount-members-without-two-factor.ts ran.
   */
  membersWithoutTwoFactor?: number;
  /** Every member must sign in with two-factor; absent means false (organizations from before the setting). */
  requireMfa?: boolean;
  /** People at the verified domains sign in with single sign-on only (functions/sso-requirement; docs/decisions/059). */
  requireSso?: boolean;
  /** The admins who keep password sign-in while SSO is required (break-glass): at least one while it is. */
  passwordAccessUserIds?: Set<string>;
  /**
   * Its verified domains, as every session load sees them: a password session of a member there ends
   * while SSO is required (functions/sessions/rules.ts). Set whole when the requirement is turned on,
   * then kept by each verification and removal. Absent on organizations that have not turned it on since.
   */
  ssoDomains?: Set<string>;
  /** An admin turned the assistant off (functions/assistant; docs/decisions/116); absent means on. */
  assistantOff?: boolean;
  /** Today's assistant generations and model tokens (functions/assistant/allowance.ts): counts only, never a prompt or a text. */
  assistantUsage?: AssistantUsage;
}

/** A new organization with its one admin counted (registration creates that admin in the same transaction). */
export function newOrganization(input: {
  name: string;
  plan: string;
  billingCycle: string;
  createdAt?: string;
}): OrganizationItem {
  return {
    type: 'ORG',
    id: ulid(),
    name: input.name.trim(),
    adminCount: 1,
    userCount: 1,
    // The admin who registers has no second factor yet.
    membersWithoutTwoFactor: 1,
    plan: input.plan,
    billingCycle: input.billingCycle,
    createdAt: input.createdAt ?? now().toISOString(),
  };
}
