import { describe, expect, it } from 'vitest';
import {
  auditActorKey,
  collections,
  digestIndexKeys,
  digestOwnerOf,
  digestWeekKey,
  dueDayKey,
  keys,
  openDueBefore,
  openDueThrough,
  outboxDueKeys,
  projectIndexKeys,
  roleKeyPrefix,
  statusKeyPrefix,
  userIndexKeys,
} from './keys';

// The stored items carry these strings: a builder that changes one loses the table's data.
// Written down as literals before the key builders moved, so a refactor that changes a key fails here.

const PINNED_KEYS: [keyof typeof keys, unknown[], { PK: string; SK: string }][] = [
  ['organization', ['o1'], { PK: 'ORG#o1', SK: 'ORG' }],
  ['user', ['o1', 'u1'], { PK: 'ORG#o1', SK: 'USER#u1' }],
  ['email', [' Ann@Example.COM '], { PK: 'EMAIL#ann@example.com', SK: 'EMAIL' }],
  ['session', ['u1', 's1'], { PK: 'USER#u1', SK: 'SESSION#s1' }],
  ['attemptWindow', ['login', 'ann@example.com', 42], { PK: 'ATTEMPTS#login#ann@example.com#42', SK: 'ATTEMPTS' }],
  ['pendingSignIn', ['u1', 'p1'], { PK: 'USER#u1', SK: 'MFA_PENDING#p1' }],
  ['signInCode', ['c1'], { PK: 'SIGNIN_CODE#c1', SK: 'SIGNIN_CODE' }],
  ['project', ['o1', 'p1'], { PK: 'ORG#o1', SK: 'PROJECT#p1' }],
  ['projectMembers', ['o1', 'p1'], { PK: 'ORG#o1', SK: 'MEMBERS#p1' }],
  ['membership', ['o1', 'u1', 'p1'], { PK: 'ORG#o1#MEMBER#u1', SK: 'PROJECT#p1' }],
  ['projectWord', ['o1', 'spring', 'p1'], { PK: 'ORG#o1#WORDS', SK: 'spring\u0001p1' }],
  ['userWord', ['o1', 'ann', 'u1'], { PK: 'ORG#o1#USER_WORDS', SK: 'ann\u0001u1' }],
  ['notification', ['u1', 'n1'], { PK: 'USER#u1', SK: 'NOTIFICATION#n1' }],
  ['avatar', ['u1'], { PK: 'USER#u1', SK: 'AVATAR' }],
  ['passkey', ['u1', 'cred1'], { PK: 'USER#u1', SK: 'PASSKEY#cred1' }],
  ['webAuthnChallenge', ['ch1'], { PK: 'WEBAUTHN_CHALLENGE#ch1', SK: 'WEBAUTHN_CHALLENGE' }],
  ['outbox', ['m1'], { PK: 'OUTBOX#m1', SK: 'OUTBOX' }],
  ['notificationEvent', ['e1'], { PK: 'EVENT#e1', SK: 'EVENT' }],
  ['mailToken', ['h1'], { PK: 'TOKEN#h1', SK: 'TOKEN' }],
  ['throttle', ['invite', ' Ann@Example.com '], { PK: 'THROTTLE#invite#ann@example.com', SK: 'THROTTLE' }],
  ['billing', ['o1'], { PK: 'ORG#o1', SK: 'BILLING' }],
  ['checkoutReference', ['r1'], { PK: 'CHECKOUT_REFERENCE#r1', SK: 'CHECKOUT_REFERENCE' }],
  ['stripeCustomer', ['cus1'], { PK: 'STRIPE_CUSTOMER#cus1', SK: 'CUSTOMER' }],
  ['unmatchedStripeEvent', ['cus1', 'evt1'], { PK: 'STRIPE_CUSTOMER#cus1', SK: 'UNMATCHED#evt1' }],
  ['stripeEvent', ['evt1'], { PK: 'STRIPE_EVENT#evt1', SK: 'EVENT' }],
  ['trialEnd', ['2026-01-02', 'o1'], { PK: 'TRIAL_ENDS#2026-01-02', SK: 'ORG#o1' }],
  ['projectFigures', ['o1'], { PK: 'ORG#o1', SK: 'FIGURES#PROJECTS' }],
  ['projectActivity', ['o1', 'p1', 'a1'], { PK: 'ORG#o1', SK: 'ACTIVITY#p1#a1' }],
  ['comment', ['o1', 'p1', 'c1'], { PK: 'ORG#o1', SK: 'COMMENT#p1#c1' }],
  ['dueReminder', ['o1', 'p1', 'overdue', '2026-01-02'], { PK: 'REMINDER#o1#p1#overdue#2026-01-02', SK: 'REMINDER' }],
  ['weeklyDigestMark', ['u1', '2026-01-05'], { PK: 'USER#u1', SK: 'DIGEST#2026-01-05' }],
  ['auditEntry', ['o1', 'e1'], { PK: 'AUDIT#o1', SK: 'ENTRY#e1' }],
  ['invitation', ['o1', 'i1'], { PK: 'ORG#o1', SK: 'INVITATION#i1' }],
  ['invitationEmail', ['o1', ' Ann@Example.com '], { PK: 'ORG#o1', SK: 'INVITATION_EMAIL#ann@example.com' }],
  ['invitationToken', ['h1'], { PK: 'INVITATION_TOKEN#h1', SK: 'INVITATION_TOKEN' }],
  ['idempotencyRecord', ['h1'], { PK: 'IDEMPOTENCY#h1', SK: 'IDEMPOTENCY' }],
  ['ssoDomain', ['o1', 'example.com'], { PK: 'ORG#o1', SK: 'SSO_DOMAIN#example.com' }],
  ['ssoDomainClaim', ['example.com'], { PK: 'SSO_DOMAIN#example.com', SK: 'SSO_DOMAIN' }],
  ['ssoConnection', ['o1'], { PK: 'ORG#o1', SK: 'SSO_CONNECTION' }],
  ['samlAssertionUsed', ['o1', 'h1'], { PK: 'SAML_ASSERTION#o1#h1', SK: 'SAML_ASSERTION' }],
  ['scimToken', ['o1', 't1'], { PK: 'ORG#o1', SK: 'SCIM_TOKEN#t1' }],
];

const PINNED_COLLECTIONS: [keyof typeof collections, unknown[], { PK: string; prefix: string }][] = [
  ['usersOfOrganization', ['o1'], { PK: 'ORG#o1', prefix: 'USER#' }],
  ['projectsOfOrganization', ['o1'], { PK: 'ORG#o1', prefix: 'PROJECT#' }],
  ['membershipsOfUser', ['o1', 'u1'], { PK: 'ORG#o1#MEMBER#u1', prefix: 'PROJECT#' }],
  ['projectWordsBeginning', ['o1', 'spr'], { PK: 'ORG#o1#WORDS', prefix: 'spr' }],
  ['userWordsBeginning', ['o1', 'spr'], { PK: 'ORG#o1#USER_WORDS', prefix: 'spr' }],
  ['sessionsOfUser', ['u1'], { PK: 'USER#u1', prefix: 'SESSION#' }],
  ['notificationsOfUser', ['u1'], { PK: 'USER#u1', prefix: 'NOTIFICATION#' }],
  ['passkeysOfUser', ['u1'], { PK: 'USER#u1', prefix: 'PASSKEY#' }],
  ['unmatchedEventsOfCustomer', ['cus1'], { PK: 'STRIPE_CUSTOMER#cus1', prefix: 'UNMATCHED#' }],
  ['invitationsOfOrganization', ['o1'], { PK: 'ORG#o1', prefix: 'INVITATION#' }],
  ['activityOfProject', ['o1', 'p1'], { PK: 'ORG#o1', prefix: 'ACTIVITY#p1#' }],
  ['commentsOfProject', ['o1', 'p1'], { PK: 'ORG#o1', prefix: 'COMMENT#p1#' }],
  ['activityOfOrganization', ['o1'], { PK: 'ORG#o1', prefix: 'ACTIVITY#' }],
  ['auditOfOrganization', ['o1'], { PK: 'AUDIT#o1', prefix: 'ENTRY#' }],
  ['trialsEndingOn', ['2026-01-02'], { PK: 'TRIAL_ENDS#2026-01-02', prefix: 'ORG#' }],
  ['ssoDomainsOfOrganization', ['o1'], { PK: 'ORG#o1', prefix: 'SSO_DOMAIN#' }],
  ['scimTokensOfOrganization', ['o1'], { PK: 'ORG#o1', prefix: 'SCIM_TOKEN#' }],
];

const call = (builder: unknown, args: unknown[]) => (builder as (...values: unknown[]) => unknown)(...args);

describe('the key strings stored items carry', () => {
  it.each(PINNED_KEYS)('keys.%s', (name, args, expected) => {
    expect(call(keys[name], args)).toEqual(expected);
  });

  it.each(PINNED_COLLECTIONS)('collections.%s', (name, args, expected) => {
    expect(call(collections[name], args)).toEqual(expected);
  });

  it('pins every builder (a new one is written down here the day it is added)', () => {
    expect(PINNED_KEYS.map(([name]) => name).sort()).toEqual(Object.keys(keys).sort());
    expect(PINNED_COLLECTIONS.map(([name]) => name).sort()).toEqual(Object.keys(collections).sort());
  });

  it('keeps the index keys of projects, users, the weekly digest, the outbox and the audit log', () => {
    expect(projectIndexKeys({ id: 'p1', name: 'Spring Launch', status: 'in_progress', dueDate: '2026-01-02' })).toEqual({
      nameKey: 'spring launch\u0001p1',
      dueKey: '2026-01-02\u0001spring launch\u0001p1',
      statusKey: '1\u0001spring launch\u0001p1',
      openDueKey: '2026-01-02\u0001p1',
      dueDayKey: 'DUE#2026-01-02',
    });
    expect(projectIndexKeys({ id: 'p1', name: 'Done', status: 'completed', dueDate: null })).toEqual({
      nameKey: 'done\u0001p1',
      dueKey: '~\u0001done\u0001p1',
      statusKey: '2\u0001done\u0001p1',
      openDueKey: undefined,
      dueDayKey: undefined,
    });
    expect(['planning', 'in_progress', 'completed', 'on_hold', 'no such status'].map(statusKeyPrefix)).toEqual([
      '0\u0001',
      '1\u0001',
      '2\u0001',
      '3\u0001',
      '4\u0001',
    ]);
    expect(dueDayKey('2026-01-02')).toBe('DUE#2026-01-02');
    expect(openDueBefore('2026-01-02')).toBe('2026-01-02');
    expect(openDueThrough('2026-01-02')).toBe('2026-01-02\u0001~');
    expect(userIndexKeys({ id: 'u1', fullName: 'Ann Lee', username: ' Ann@Example.com ', role: 'admin' })).toEqual({
      userNameKey: 'ann lee\u0001u1',
      userEmailKey: 'ann@example.com',
      userRoleKey: 'admin\u0001ann lee\u0001u1',
    });
    expect(roleKeyPrefix('member')).toBe('member\u0001');
    expect(digestIndexKeys('o1', 'u1', 'n1', '2026-01-05', 4)).toEqual({
      digestKey: 'DIGEST#2026-01-05#2',
      digestSort: 'o1#u1#n1',
    });
    expect(digestWeekKey('2026-01-05', 3)).toBe('DIGEST#2026-01-05#3');
    expect(digestOwnerOf('o1#u1#n1')).toEqual({ orgId: 'o1', userId: 'u1' });
    expect(outboxDueKeys('2026-01-02T07', 1767337200000, 'm1')).toEqual({
      digestKey: 'OUTBOX_DUE#2026-01-02T07',
      digestSort: '001767337200000#m1',
    });
    expect(auditActorKey('o1', 'u1')).toBe('AUDIT#o1#ACTOR#u1');
  });
});
