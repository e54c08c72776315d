import { ulid } from 'ulid';
import type { MailList } from '../../shared/mail-lists';
import type { Role } from '../../shared/roles';
import type { UserResponse } from '../../shared/schemas/auth';
import type { OrganizationResponse } from '../../shared/schemas/organization';
import type { ManagedUserResponse, OrganizationUserResponse } from '../../shared/schemas/organization-users';
import type { ProjectMemberResponse } from '../../shared/schemas/projects';
import { now, today } from '../clock';
import type { Key } from '../db/keys';
import { allowanceOf, usageOn } from '../domain/assistant-allowance';
import type { OrganizationItem } from '../organization/item';
import { userIndexKeys, userKeys } from './keys';

/** A user: `ORG#<orgId> / USER#<userId>` (userKeys.user), in their organization's partition. */
export interface UserItem {
  type: 'USER';
  id: string;
  orgId: string;
  /** The email as typed at registration; keys use its lower-case form. */
  username: string;
  fullName: string;
  role: Role;
  passwordHash: string;
  avatarUrl: string | null;
  /**
   * The newest notification mark-all-read covered: it and every older one read as read
   * (functions/notifications/item.ts isReadBy; docs/decisions/102). Absent until the first mark-all-read.
   */
  notificationsReadUpTo?: string;
  /**
   * Raised by every change of what a project's members list shows (name, role, avatar): the copies
   * on memberships are replaced only by a newer one (functions/projects/member-profiles.ts). Absent: 0.
   */
  profileVersion?: number;
  createdAt: string;
  /** True once the user followed a verification link; absent or false until then. */
  emailVerified?: boolean;
  /** SHA-256 of the newest password-reset token: a newer request voids the older links. */
  passwordResetTokenHash?: string;
  /** SHA-256 of the newest email-verification token. */
  emailVerificationTokenHash?: string;
  /** Two-factor sign-in (docs/decisions/016): on once a code of the secret was entered. */
  mfaEnabled?: boolean;
  /** The TOTP secret, encrypted (functions/mfa/mfa-encryption.ts); present while mfaEnabled. */
  mfaSecret?: string;
  /** A secret being set up, encrypted, until a code of it enables two-factor. */
  mfaPendingSecret?: string;
  /** The newest TOTP time step used: a code of this step or an earlier one is refused (replay). */
  mfaLastTimeStep?: number;
  /** Keyed hashes of the unused recovery codes (a string set: using one deletes it). */
  mfaRecoveryCodes?: Set<string>;
  /** Epoch ms when two-factor was last turned on (absent on accounts enrolled before it was kept). */
  mfaEnabledAt?: number;
  /** Epoch ms of the last sign-in that passed the second step (a code or a recovery code): the factor is its owner's. */
  mfaSignedInAt?: number;
  /** How many passkeys the user has (functions/passkeys/writes.ts keeps it with each add and removal). */
  passkeyCount?: number;
  /** The mail lists the user turned off by an unsubscribe link (shared/mail-lists.ts; docs/decisions/055). */
  mailOptOuts?: Set<MailList>;
}

/** A user as stored: with its keys and the user indexes' sort keys (docs/decisions/031). */
export type UserRecord = UserItem & Key & ReturnType<typeof userIndexKeys>;

/** The item a user is stored as: what registration, an admin's add, an acceptance, the seed and the migration write. */
export const userRecord = (user: UserItem): UserRecord => ({
  ...userKeys.user(user.orgId, user.id),
  ...user,
  ...userIndexKeys(user),
});

/**
 * `EMAIL#<lower-case email> / EMAIL` (userKeys.email): holds an address for one user across the
 * product, written with the user so that emails stay unique.
 */
export interface EmailItem {
  type: 'EMAIL';
  userId: string;
  orgId: string;
  /** The address as the user gave it (the key is lower-case): mail goes here. Missing on items written before it was kept. */
  username?: string;
  /**
   * Held by a registration whose owner has not yet followed the verification link: anyone can type
   * any address into the form, so such a hold never blocks an invitation to the address, whose
   * acceptance (the link proves the address) takes it over; an admin's Add User, a SCIM token or a
   * just-in-time SSO sign-in never does (docs/decisions/097). Removed by the verification.
   */
  unverified?: true;
}

/** Whether the address is held by a proved account (not by an unproved registration, which an invitation's acceptance may take over). */
export const holdsAddress = (item: EmailItem | undefined): item is EmailItem => !!item && item.unverified !== true;

/**
 * A new user as registration, an admin's 'Add user', an accepted invitation and the seed create
 * one: no avatar, no unread notifications. `emailVerified` says whether the address is already proved
 * (an invitee opened the link mailed to it).
 */
export function newUser(input: {
  orgId: string;
  username: string;
  fullName: string;
  role: Role;
  passwordHash: string;
  emailVerified: boolean;
  createdAt?: string;
}): UserItem {
  return {
    type: 'USER',
    id: ulid(),
    orgId: input.orgId,
    username: input.username.trim(),
    fullName: input.fullName.trim(),
    role: input.role,
    passwordHash: input.passwordHash,
    avatarUrl: null,
    createdAt: input.createdAt ?? now().toISOString(),
    emailVerified: input.emailVerified,
  };
}

/** The item that holds the user's address. */
export const emailItemOf = (user: Pick<UserItem, 'id' | 'orgId' | 'username'>, unverified = false): EmailItem => ({
  type: 'EMAIL',
  userId: user.id,
  orgId: user.orgId,
  username: user.username,
  ...(unverified ? { unverified: true as const } : {}),
});

export const hasPasskey = (user: UserItem) => (user.passkeyCount ?? 0) > 0;

/** The user has a second factor of their own: the authenticator app or a passkey. */
export const hasTwoFactor = (user: Pick<UserItem, 'mfaEnabled' | 'passkeyCount'>) =>
  user.mfaEnabled === true || (user.passkeyCount ?? 0) > 0;

/**
 * The second factors a password sign-in asks for: the authenticator app's code when two-factor is
 * on, and a passkey where one stands as a factor (two-factor on, or required by the organization:
 * docs/decisions/046). Empty: the password alone signs in.
 */
export function secondFactorsOf(user: UserItem, org: OrganizationItem): ('code' | 'passkey')[] {
  const passkey = hasPasskey(user) && (user.mfaEnabled === true || org.requireMfa === true);
  return [...(user.mfaEnabled === true ? (['code'] as const) : []), ...(passkey ? (['passkey'] as const) : [])];
}

/** How the session was started, as far as the user's answer depends on it (sessions/ names users, not the other way round). */
interface SessionStart {
  startedBy?: 'sso';
}

/**
 * The organization requires two-factor sign-in and this user has no second factor yet (an
 * authenticator app or a passkey), unless the session was started by the organization's identity
 * provider, whose sign-in counts as meeting the requirement (docs/decisions/059).
 */
export const mustSetUpMfa = (user: UserItem, org: OrganizationItem, session?: SessionStart) =>
  org.requireMfa === true && !hasTwoFactor(user) && session?.startedBy !== 'sso';

/**
 * The organization as the API answers it; the count of members without two-factor (the 'Require
 * two-factor' dialog) and today's assistant figures against the plan's allowance are for admins.
 */
export function organizationShape(org: OrganizationItem, role: Role): OrganizationResponse {
  const counted = role === 'admin' && org.membersWithoutTwoFactor !== undefined;
  const usage = usageOn(org.assistantUsage, today());
  const allowance = allowanceOf(org.plan);
  return {
    id: org.id,
    name: org.name,
    requireMfa: org.requireMfa === true,
    ...(counted ? { membersWithoutTwoFactor: org.membersWithoutTwoFactor } : {}),
    assistantEnabled: org.assistantOff !== true,
    ...(role === 'admin'
      ? {
          assistantUsage: {
            requests: usage.requests,
            requestsPerDay: allowance.requestsPerDay,
            tokens: usage.tokens,
            tokensPerDay: allowance.tokensPerDay,
          },
        }
      : {}),
  };
}

/** The API's user shape (GET /api/user, sign-in): never the password hash. */
export function toUserResponse(user: UserItem, org: OrganizationItem, session?: SessionStart): UserResponse {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    avatarUrl: user.avatarUrl ?? null,
    emailVerified: user.emailVerified === true,
    mfaEnabled: user.mfaEnabled === true,
    mfaSetupRequired: mustSetUpMfa(user, org, session),
    roles: [{ role: user.role, organization: organizationShape(org, user.role) }],
  };
}

/** A user as the organization's user lists and the member pickers show it. */
export function toOrganizationUserResponse(user: UserItem): OrganizationUserResponse {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    avatarUrl: user.avatarUrl ?? null,
    currentRole: { role: user.role },
  };
}

/**
 * An entry of the admins' user list: with whether two-factor sign-in is on, which is whether a
 * password sign-in asks them for a second factor (the app's code or a passkey: docs/decisions/056).
 */
export const toManagedUserResponse = (user: UserItem, org: OrganizationItem): ManagedUserResponse => ({
  ...toOrganizationUserResponse(user),
  mfaEnabled: secondFactorsOf(user, org).length > 0,
});

/** A user as a project's member list shows it. */
export function toMemberResponse(user: UserItem): ProjectMemberResponse {
  return {
    id: user.id,
    fullName: user.fullName,
    username: user.username,
    avatarUrl: user.avatarUrl ?? null,
    role: user.role,
  };
}
