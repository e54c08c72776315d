import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Context, LambdaResult, RouteEvent } from '../../../functions/http/types';
import { projectKeys } from '../../../functions/projects/keys';
import { userKeys } from '../../../functions/user/keys';
import { createScimToken } from '../scim/scim-support';
import { type SignedIn, registerOrganization } from '../support/api';
import { addMemberDirectly } from '../support/org-members';
import { useRunTable } from '../support/scheduled-run';
import { testTable } from '../support/table';

/**
 * The key-prefix guard of docs/decisions/052, proven on a request: a handler with a bug that builds a
 * key from another organization's id, run here in the test process through the one route chain every
 * handler has (defineRoute, scimRoute) against the run's table, with a real session cookie or SCIM
 * token of the first organization. Nothing is defined in the functions' code for this: the buggy
 * handlers are this file's.
 */
type Handler = (event: RouteEvent, context: Context) => Promise<LambdaResult>;
let buggyProjectRead: Handler;
let buggyProjectWrite: Handler;
let buggyScimRead: Handler;
let own: SignedIn;
let other: SignedIn;
let ownProjectId: string;
let otherProjectId: string;
let otherMemberId: string;
/** The organization whose id the buggy handlers put in their keys; the session's own for the control case. */
let target: () => string;

beforeAll(async () => {
  useRunTable();
  process.env.STAGE = 'local';
  process.env.EXPOSE_DB_CALLS = '1';
  const [{ defineRoute }, { scimRoute }, { db, TABLE_NAME }, { updateExpression }, projectEndpoints, scimEndpoints] =
    await Promise.all([
      import('../../../functions/http/define-route'),
      import('../../../functions/http/scim-route'),
      import('../../../functions/db/client'),
      import('../../../functions/db/update-expression'),
      import('../../../shared/contract/projects'),
      import('../../../shared/contract/scim'),
    ]);
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  buggyProjectRead = defineRoute(projectEndpoints.detail, async ({ params }) => {
    const found = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: projectKeys.project(target(), params.id) }));
    return { statusCode: 200, body: found.Item as never };
  });
  buggyProjectWrite = defineRoute(projectEndpoints.update, async ({ params }) => {
    await db.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: projectKeys.project(target(), params.id),
        ...updateExpression({ set: { name: 'Hijacked' } }),
      }),
    );
    return { statusCode: 200, body: {} as never };
  });
  buggyScimRead = scimRoute(scimEndpoints.getUser, async ({ params }) => {
    const found = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: userKeys.user(target(), params.id!) }));
    return { status: 200, body: { found: found.Item !== undefined } };
  });
  own = await registerOrganization({ fullName: 'Olga Own' });
  other = await registerOrganization({ fullName: 'Otto Other' });
  ownProjectId = (await own.call('/api/projects', { body: { name: 'Own plan' } })).body.id;
  otherProjectId = (await other.call('/api/projects', { body: { name: 'Their plan' } })).body.id;
  otherMemberId = (await addMemberDirectly(other.orgId, { fullName: 'Tina Theirs' })).user.id;
});

const context = {
  functionName: 'tenant-guard-test',
  awsRequestId: randomUUID(),
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

/** An HTTP API (payload 2.0) event as API Gateway hands it to a route's function. */
function event(
  method: string,
  path: string,
  routePath: string,
  params: Record<string, string>,
  options: { cookie?: string; authorization?: string; body?: unknown },
): RouteEvent {
  const headers: Record<string, string> = {
    ...(options.authorization ? { authorization: options.authorization } : {}),
    ...(options.body ? { 'content-type': 'application/json' } : {}),
  };
  return {
    version: '2.0',
    routeKey: `${method} ${routePath}`,
    rawPath: path,
    rawQueryString: '',
    headers,
    cookies: options.cookie ? [options.cookie] : [],
    pathParameters: params,
    isBase64Encoded: false,
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    requestContext: {
      requestId: randomUUID(),
      http: { method, path, sourceIp: '203.0.113.7', protocol: 'HTTP/1.1', userAgent: 'test' },
    },
  } as unknown as RouteEvent;
}

const header = (answer: LambdaResult, name: string) => (typeof answer === 'object' ? String(answer.headers?.[name] ?? '') : '');
const partitionsOf = (answer: LambdaResult) => JSON.parse(decodeURIComponent(header(answer, 'x-db-partitions'))) as string[];
const statusOf = (answer: LambdaResult) => (typeof answer === 'object' ? answer.statusCode : undefined);
const bodyOf = (answer: LambdaResult) =>
  JSON.parse(typeof answer === 'object' ? (answer.body ?? '') : '') as Record<string, unknown>;

async function storedProject(orgId: string, projectId: string) {
  const { db, tableName } = testTable();
  return (
    await db.send(new GetCommand({ TableName: tableName, Key: projectKeys.project(orgId, projectId), ConsistentRead: true }))
  ).Item;
}

describe("the tenant guard refuses a handler that asks for another organization's key (issue 38, item 4)", () => {
  it('answers a signed-in read of the other organization’s project 500 with nothing but the request id, and never sends the call', async () => {
    target = () => own.orgId;
    const allowed = await buggyProjectRead(
      event('GET', `/api/projects/${ownProjectId}`, '/api/projects/{id}', { id: ownProjectId }, { cookie: own.cookie }),
      context,
    );
    expect(statusOf(allowed), 'the same handler with the session’s own organization').toBe(200);
    expect(bodyOf(allowed).name).toBe('Own plan');

    target = () => other.orgId;
    const refused = await buggyProjectRead(
      event('GET', `/api/projects/${otherProjectId}`, '/api/projects/{id}', { id: otherProjectId }, { cookie: own.cookie }),
      context,
    );
    expect(statusOf(refused)).toBe(500);
    expect(Object.keys(bodyOf(refused)).sort()).toEqual(['message', 'requestId']);
    expect(JSON.stringify(bodyOf(refused))).not.toContain('Their plan');
    // The session's own reads went out; the other organization's partition never did.
    expect(partitionsOf(refused)).toContain(`ORG#${own.orgId}`);
    expect(partitionsOf(refused).filter((partition) => partition.includes(other.orgId))).toEqual([]);
  });

  it('refuses a signed-in write to the other organization’s project before it is sent: the item is unchanged', async () => {
    target = () => other.orgId;
    const before = await storedProject(other.orgId, otherProjectId);
    const refused = await buggyProjectWrite(
      event(
        'PATCH',
        `/api/projects/${otherProjectId}`,
        '/api/projects/{id}',
        { id: otherProjectId },
        { cookie: own.cookie, body: { name: 'Hijacked' } },
      ),
      context,
    );
    expect(statusOf(refused)).toBe(500);
    const written = JSON.parse(decodeURIComponent(header(refused, 'x-db-written-keys'))) as string[];
    expect(written.filter((key) => key.includes(other.orgId))).toEqual([]);
    expect(await storedProject(other.orgId, otherProjectId)).toEqual(before);
  });

  it('guards a SCIM request from the moment its token is authenticated: the other organization’s person is refused in the SCIM error path (500)', async () => {
    const { token } = await createScimToken(own);
    target = () => own.orgId;
    const allowed = await buggyScimRead(
      event(
        'GET',
        `/api/scim/v2/Users/${own.user.id}`,
        '/api/scim/v2/Users/{id}',
        { id: own.user.id },
        { authorization: `Bearer ${token}` },
      ),
      context,
    );
    expect(statusOf(allowed), 'the same handler with the token’s own organization').toBe(200);
    expect(bodyOf(allowed)).toEqual({ found: true });

    target = () => other.orgId;
    const refused = await buggyScimRead(
      event(
        'GET',
        `/api/scim/v2/Users/${otherMemberId}`,
        '/api/scim/v2/Users/{id}',
        { id: otherMemberId },
        { authorization: `Bearer ${token}` },
      ),
      context,
    );
    expect(statusOf(refused)).toBe(500);
    expect(JSON.stringify(bodyOf(refused))).not.toContain('Tina');
    expect(partitionsOf(refused).filter((partition) => partition.includes(other.orgId))).toEqual([]);
  });
});
