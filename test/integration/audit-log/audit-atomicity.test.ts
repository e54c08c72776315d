import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { auditLogKeys } from '../../../functions/audit-log/keys';
import { billingKeys } from '../../../functions/billing/keys';
import { organizationKeys } from '../../../functions/organization/keys';
import { projectKeys } from '../../../functions/projects/keys';
import { securityKeys } from '../../../functions/security/keys';
import { sessionKeys } from '../../../functions/sessions/keys';
import type { UserItem } from '../../../functions/user/item';
import { userKeys } from '../../../functions/user/keys';
import { LOCAL_AWS_ENV } from '../../../infra/local/dynamodb-local';
import { checkoutSessionObject, invoiceObject, newCustomerId, newSubscriptionId, stripeEvent } from '../../support/stripe-events';
import { checkoutReference } from '../billing/billing-support';
import { registerOrganization, uniqueEmail } from '../support/api';
import { addMemberDirectly } from '../support/org-members';
import { testTable } from '../support/table';
import { storedAuditEntries } from './audit-entries';

/**
 * An entry and its action are one transaction: when the entry cannot be written the action does not
 * happen, and when the action's condition fails no entry is written. To make the entry's Put fail,
 * the next audit id is forced onto one that exists already (its `attribute_not_exists` condition
 * then fails); the data functions run in the test's own process, against the same table.
 */
const forced = vi.hoisted(() => ({ id: undefined as string | undefined }));
vi.mock('ulid', async (importOriginal) => {
  const actual = await importOriginal<typeof import('ulid')>();
  return {
    ...actual,
    monotonicFactory: () => {
      const next = actual.monotonicFactory();
      return (seed?: number) => forced.id ?? next(seed);
    },
  };
});

const CLIENT = { clientAddress: '192.0.2.10', userAgent: 'atomicity-test' };
const TAKEN_ID = '01JD00000000000000000TAKEN';

let fns: {
  audit: typeof import('../../../functions/audit-log/entries');
  sessions: typeof import('../../../functions/sessions/writes');
  sessionReads: typeof import('../../../functions/sessions/reads');
  accounts: typeof import('../../../functions/user/writes');
  organizations: typeof import('../../../functions/organization/writes');
  users: typeof import('../../../functions/organization-users/writes');
  projects: typeof import('../../../functions/projects/writes');
  billing: typeof import('../../../functions/billing/process-stripe-event');
  resets: typeof import('../../../functions/password-reset/writes');
  mailTokens: typeof import('../../../functions/security/mail-tokens');
};

beforeAll(async () => {
  Object.assign(process.env, LOCAL_AWS_ENV, { TABLE_NAME: inject('tableName'), DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint') });
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_SECRET_KEY_ARN', 'STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL'])
    delete process.env[name];
  fns = {
    audit: await import('../../../functions/audit-log/entries'),
    sessions: await import('../../../functions/sessions/writes'),
    sessionReads: await import('../../../functions/sessions/reads'),
    accounts: await import('../../../functions/user/writes'),
    organizations: await import('../../../functions/organization/writes'),
    users: await import('../../../functions/organization-users/writes'),
    projects: await import('../../../functions/projects/writes'),
    billing: await import('../../../functions/billing/process-stripe-event'),
    resets: await import('../../../functions/password-reset/writes'),
    mailTokens: await import('../../../functions/security/mail-tokens'),
  };
});

beforeEach(() => {
  forced.id = undefined;
});

async function stored<T>(key: { PK: string; SK: string }): Promise<T | undefined> {
  const { db, tableName } = testTable();
  return (await db.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item as T | undefined;
}

/** Occupies the id the next entry of `orgId` will get, so that entry's Put fails. */
async function blockNextEntry(orgId: string) {
  const { db, tableName } = testTable();
  await db.send(
    new PutCommand({ TableName: tableName, Item: { ...auditLogKeys.auditEntry(orgId, TAKEN_ID), type: 'AUDIT', id: TAKEN_ID } }),
  );
  forced.id = TAKEN_ID;
}

const userOf = async (orgId: string, userId: string) => (await stored<UserItem>(userKeys.user(orgId, userId)))!;

/** A fresh organization with its admin as stored, and how many entries its log holds now. */
async function organization() {
  const admin = await registerOrganization({ fullName: 'Ada Atomic' });
  return { admin, user: await userOf(admin.orgId, admin.user.id), entries: (await storedAuditEntries(admin.orgId)).length };
}

const entryOf = (orgId: string, user: UserItem, action: Parameters<typeof fns.audit.auditPut>[1]['action']) =>
  fns.audit.auditPut({ actor: { ...user, orgId }, client: CLIENT }, { action, target: fns.audit.userTarget(user) });
/** The write context of `user` acting from the test's client. */
const as = (user: UserItem) => ({ actor: user, client: CLIENT });

describe('an audit entry and its action are written together or not at all', () => {
  it('sessions: no sign-in without its entry, no sign-out without its entry', async () => {
    const { admin, user } = await organization();
    const sessionsBefore = (await fns.sessionReads.listSessionsOfUser(user.id, {})).length;
    await blockNextEntry(admin.orgId);
    await expect(
      fns.sessions.createSession(user.id, admin.orgId, 'ua', entryOf(admin.orgId, user, 'session.signed_in')),
    ).rejects.toThrow();
    expect(await fns.sessionReads.listSessionsOfUser(user.id, {})).toHaveLength(sessionsBefore);
    expect(await storedAuditEntries(admin.orgId, 'session.signed_in')).toEqual([]);

    forced.id = undefined;
    const session = await fns.sessions.createSession(user.id, admin.orgId, 'ua', entryOf(admin.orgId, user, 'session.signed_in'));
    expect(await storedAuditEntries(admin.orgId, 'session.signed_in')).toHaveLength(1);

    forced.id = TAKEN_ID;
    await expect(
      fns.sessions.deleteSession(user.id, session.id, entryOf(admin.orgId, user, 'session.signed_out')),
    ).rejects.toThrow();
    expect(await stored(sessionKeys.session(user.id, session.id))).toBeDefined();
    expect(await storedAuditEntries(admin.orgId, 'session.signed_out')).toEqual([]);
  });

  it('password: no change without its entry, no entry without its change', async () => {
    const { admin, user, entries } = await organization();
    await blockNextEntry(admin.orgId);
    await expect(fns.accounts.replacePasswordHash(as(user), user.passwordHash, 'new-hash')).rejects.toThrow();
    expect((await userOf(admin.orgId, user.id)).passwordHash).toBe(user.passwordHash);

    forced.id = undefined;
    // The hash changed meanwhile: the change is refused, and so is its entry.
    await expect(fns.accounts.replacePasswordHash(as(user), 'not-the-stored-hash', 'new-hash')).rejects.toThrow();
    expect(await storedAuditEntries(admin.orgId, 'user.password_changed')).toEqual([]);
    expect(await storedAuditEntries(admin.orgId)).toHaveLength(entries + 1);
  });

  it('organization: no rename without its entry, no entry without its rename', async () => {
    const { admin, user } = await organization();
    const before = (await stored<{ name: string }>(organizationKeys.organization(admin.orgId)))!.name;
    await blockNextEntry(admin.orgId);
    await expect(fns.organizations.renameOrganization(as(user), before, 'Renamed Ltd')).rejects.toThrow();
    expect((await stored<{ name: string }>(organizationKeys.organization(admin.orgId)))!.name).toBe(before);

    forced.id = undefined;
    const missing = '01JD0000000000000000MISSNG';
    await expect(fns.organizations.renameOrganization(as({ ...user, orgId: missing }), before, 'Ghost Ltd')).rejects.toThrow();
    expect(await storedAuditEntries(missing)).toEqual([]);
  });

  it('users: no user added or removed without its entry; a refused change writes none', async () => {
    const { admin, user } = await organization();
    const email = uniqueEmail('atomic');
    const input = {
      username: email,
      fullName: 'Ann Atomic',
      role: 'staff' as const,
      passwordHash: 'hash',
      organizationName: 'Org',
    };
    await blockNextEntry(admin.orgId);
    await expect(fns.users.saveOrganizationUser(as(user), input)).rejects.toThrow();
    expect(await stored(userKeys.email(email))).toBeUndefined();

    const member = await addMemberDirectly(admin.orgId, { fullName: 'Mo Member' });
    await expect(fns.users.removeOrganizationUser(as(user), member.user.id)).rejects.toThrow();
    expect(await stored(userKeys.user(admin.orgId, member.user.id))).toBeDefined();

    forced.id = undefined;
    // A staff member as the actor: the transaction's admin check fails, so neither the user nor an entry is written.
    const staff = await userOf(admin.orgId, member.user.id);
    await expect(fns.users.saveOrganizationUser(as(staff), input)).rejects.toThrow();
    await expect(fns.users.removeOrganizationUser(as(staff), user.id)).rejects.toThrow();
    expect(await stored(userKeys.email(email))).toBeUndefined();
    expect(await stored(userKeys.user(admin.orgId, user.id))).toBeDefined();
    for (const action of ['user.added', 'user.removed'] as const)
      expect(await storedAuditEntries(admin.orgId, action)).toEqual([]);
  });

  it('projects: no deletion without its entry', async () => {
    const { admin, user } = await organization();
    const project = (await admin.call('/api/projects', { body: { name: 'Kept' } })).body as { id: string };
    await blockNextEntry(admin.orgId);
    const stale = await stored<import('../../../functions/projects/item').ProjectItem>(
      projectKeys.project(admin.orgId, project.id),
    );
    await expect(
      fns.projects.deleteProject(as(user), project.id, stale && { project: stale, members: undefined }),
    ).rejects.toThrow();
    expect(await stored(projectKeys.project(admin.orgId, project.id))).toBeDefined();
    expect(await storedAuditEntries(admin.orgId, 'project.deleted')).toEqual([]);
  });

  it('billing: a change whose entry cannot be written is not applied', async () => {
    const { admin } = await organization();
    const customer = newCustomerId();
    const subscription = newSubscriptionId();
    const checkout = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject({ customer, subscription, clientReferenceId: await checkoutReference(admin) }),
    );
    expect(await fns.billing.processStripeEvent(checkout as unknown as Stripe.Event, CLIENT)).toBe('applied');
    await blockNextEntry(admin.orgId);
    const failed = stripeEvent('invoice.payment_failed', invoiceObject({ customer, subscription, status: 'open' }));
    expect(await fns.billing.processStripeEvent(failed as unknown as Stripe.Event, CLIENT)).toBe('stale');
    expect((await stored<{ paymentFailedAt?: string }>(billingKeys.billing(admin.orgId)))?.paymentFailedAt ?? null).toBeNull();
    expect(await storedAuditEntries(admin.orgId, 'billing.payment_failed')).toEqual([]);
  });

  it('password reset: no new password without its entry, no entry when the reset itself fails', async () => {
    const { admin, user } = await organization();
    const { db, tableName } = testTable();
    /** A reset link for the user, as POST /api/password-reset/request makes it (its token is what the mail carries). */
    const resetLink = async () => {
      const { token, hash } = fns.mailTokens.newMailToken();
      const tokenPut = fns.mailTokens.mailTokenPut(
        hash,
        'password-reset',
        { userId: user.id, orgId: admin.orgId },
        fns.mailTokens.PASSWORD_RESET_LIFETIME_MS,
      );
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { ...tokenPut.Put!, TableName: tableName } },
            {
              Update: {
                TableName: tableName,
                Key: userKeys.user(admin.orgId, user.id),
                UpdateExpression: 'SET passwordResetTokenHash = :hash',
                ExpressionAttributeValues: { ':hash': hash },
              },
            },
          ],
        }),
      );
      return { token, hash };
    };

    // The entry cannot be written: the password stays, and the link stays usable.
    const first = await resetLink();
    await blockNextEntry(admin.orgId);
    // (a failed condition of any item is answered as an unusable link: the reset did not happen)
    await expect(fns.resets.confirmPasswordReset(first.token, async () => 'hash-after-reset', CLIENT)).resolves.toBeUndefined();
    expect((await userOf(admin.orgId, user.id)).passwordHash).toBe(user.passwordHash);
    expect(await stored(securityKeys.mailToken(first.hash))).toBeDefined();
    expect((await storedAuditEntries(admin.orgId, 'user.password_reset')).filter((entry) => entry.id !== TAKEN_ID)).toEqual([]);

    // The reset's own transaction fails (a newer request voided the link while the new hash was being
    // computed): nothing is written, its entry included.
    forced.id = undefined;
    const voidInTheMeantime = async () => {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: userKeys.user(admin.orgId, user.id),
          UpdateExpression: 'SET passwordResetTokenHash = :newer',
          ExpressionAttributeValues: { ':newer': 'a-newer-link' },
        }),
      );
      return 'hash-after-reset';
    };
    await expect(fns.resets.confirmPasswordReset(first.token, voidInTheMeantime, CLIENT)).resolves.toBeUndefined();
    expect((await userOf(admin.orgId, user.id)).passwordHash).toBe(user.passwordHash);
    expect(await storedAuditEntries(admin.orgId, 'user.password_reset')).toEqual([]);

    // And the same reset, not disturbed, writes both.
    const second = await resetLink();
    await expect(fns.resets.confirmPasswordReset(second.token, async () => 'hash-after-reset', CLIENT)).resolves.toMatchObject({
      id: user.id,
    });
    expect((await userOf(admin.orgId, user.id)).passwordHash).toBe('hash-after-reset');
    expect(await storedAuditEntries(admin.orgId, 'user.password_reset')).toEqual([
      expect.objectContaining({ actor: expect.objectContaining({ id: user.id }) }),
    ]);
  });
});
