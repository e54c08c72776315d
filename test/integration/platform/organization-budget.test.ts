import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { requestsPerMinuteOf, scimRequestsPerMinuteOf } from '../../../functions/capacity/organization-shares';
import { organizationKeys } from '../../../functions/organization/keys';
import { ERROR_SCHEMA, createScimToken, scim } from '../scim/scim-support';
import { registerOrganization } from '../support/api';
import { testTable } from '../support/table';
import { startWithinOneWindow } from '../support/throttle-window';

const POLL = '/api/notifications/unread/count';
const TOO_MANY = 'Your organization is sending too many requests. Please try again in a moment.';

/** Moves an organization to another plan, as a subscription change does. */
async function setPlan(orgId: string, plan: string) {
  const { db, tableName } = testTable();
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: organizationKeys.organization(orgId),
      UpdateExpression: 'SET #plan = :plan',
      ExpressionAttributeNames: { '#plan': 'plan' },
      ExpressionAttributeValues: { ':plan': plan },
    }),
  );
}

describe("each organization's share of the stage (issue 38, item 3)", () => {
  it("answers 429 with Retry-After once an organization has sent its plan's requests of the last minute, on every route, and only to that organization", async () => {
    const share = requestsPerMinuteOf('starter');
    expect(share).toBeLessThan(requestsPerMinuteOf('professional'));
    await startWithinOneWindow(60_000, 40_000);
    const small = await registerOrganization();
    const other = await registerOrganization();
    await setPlan(small.orgId, 'starter');

    // Registration's own request counted nothing: it had no session yet.
    for (let index = 0; index < share; index += 1) expect((await small.call(POLL)).status).toBe(200);
    const refused = await small.call(POLL);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another route is another function: it learns the organization's count from the shared counter.
    const elsewhere = await small.call('/api/user');
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body.message).toBe(TOO_MANY);
    // Another organization, on the same routes, is not affected.
    expect((await other.call(POLL)).status).toBe(200);
    expect((await other.call('/api/user')).status).toBe(200);
  }, 120_000);

  it("gives an identity provider's SCIM requests a budget of their own: past it, 429 in SCIM's error shape with Retry-After, the members' share untouched and theirs spent apart", async () => {
    const members = requestsPerMinuteOf('starter');
    const share = scimRequestsPerMinuteOf('starter');
    expect(share).toBeLessThan(scimRequestsPerMinuteOf('enterprise'));
    const small = await registerOrganization();
    const { token } = await createScimToken(small);
    await startWithinOneWindow(60_000, 40_000);
    await setPlan(small.orgId, 'starter');

    // The members spend their whole share: SCIM goes on.
    let spent = 0;
    while ((await small.call(POLL)).status === 200) spent += 1;
    expect(spent).toBeLessThanOrEqual(members);
    for (let index = 0; index < share; index += 1)
      expect((await scim(token, '/api/scim/v2/ServiceProviderConfig')).status).toBe(200);
    const refused = await scim(token, '/api/scim/v2/ServiceProviderConfig');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/scim+json');
    expect(refused.body).toEqual({ schemas: [ERROR_SCHEMA], status: '429', detail: TOO_MANY });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another organization's identity provider is not affected.
    const other = await registerOrganization();
    const { token: otherToken } = await createScimToken(other);
    expect((await scim(otherToken, '/api/scim/v2/ServiceProviderConfig')).status).toBe(200);
  }, 120_000);
});
