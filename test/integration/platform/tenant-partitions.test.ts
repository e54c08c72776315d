import { fc } from '@fast-check/vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import { PARTITIONS_OF_NO_ORGANIZATION } from '../../../functions/db/tenant-guard';
import { routes } from '../../../functions/routes';
import { isScimRoute } from '../budgets/read-budgets';
import { GROUPS, USERS, createScimToken, scim, scimUserBody } from '../scim/scim-support';
import { type ApiResponse, type SignedIn, login, registerOrganization } from '../support/api';
import { addUserThroughApi } from '../support/org-members';
import { arbitraryFromSchema } from '../support/schema-arbitrary';
import { stepUp } from '../support/two-factor';

/**
 * The tenant guard's test over all routes (issue 38, item 4; docs/decisions/052): every route that
 * has an organization — a session's, or a SCIM token's — is called as one organization, once with its
 * own ids and once with another organization's, and every partition its DynamoDB calls named (the
 * guard sees them all, the budget's sync included; x-db-partitions gives each partition's owner,
 * `ORG#<org>`, `USER#<user>`, `EMAIL#<address>`…) is the organization's own, or a
 * partition of no organization functions/db/tenant-guard.ts lists with the reason it is one (the guard
 * itself now refuses any other). Routes added to the table
 * later are covered with no change here.
 */

interface Tenant {
  admin: SignedIn;
  staff: SignedIn;
  projectId: string;
  commentId: string;
  scimToken: string;
}

let own: Tenant;
let other: Tenant;

async function tenant(name: string): Promise<Tenant> {
  const admin = await registerOrganization({ fullName: `${name} Admin` });
  const staff = await addUserThroughApi(admin, `${name} Staff`);
  const project = await admin.call('/api/projects', { body: { name: `${name} project` } });
  expect(project.status).toBe(201);
  const comment = await admin.call(`/api/projects/${project.body.id}/comments`, { body: { text: 'hello' } });
  const { token } = await createScimToken(admin);
  return { admin, staff, projectId: project.body.id, commentId: comment.body?.id ?? project.body.id, scimToken: token };
}

beforeAll(async () => {
  [own, other] = await Promise.all([tenant('Own'), tenant('Other')]);
}, 60_000);

/** A path parameter's value from one organization's ids (or an id of no item, where the route names the caller's own things). */
function paramValue(path: string, name: string, from: Tenant): string {
  if (name === 'commentId') return from.commentId;
  if (name === 'userId') return from.staff.user.id;
  if (name === 'domain') return 'example.org';
  if (path.startsWith('/api/projects/')) return from.projectId;
  if (path.startsWith('/api/organization/{id}')) return from.admin.orgId;
  if (path.startsWith(USERS)) return from.staff.user.id;
  if (path.startsWith(GROUPS)) return 'staff';
  return from.projectId;
}

const fill = (path: string, from: Tenant) => path.replace(/\{(\w+)\}/g, (_, name: string) => paramValue(path, name, from));

/** Why a partition does not belong to `tenant`, or undefined when it does (or is listed as no organization's). */
function notOwn(partition: string, of: Tenant): string | undefined {
  const org = of.admin.orgId;
  if (
    partition === `ORG#${org}` ||
    partition.startsWith(`ORG#${org}#`) ||
    partition === `AUDIT#${org}` ||
    partition.startsWith(`AUDIT#${org}#`)
  )
    return undefined;
  if (partition.startsWith('USER#'))
    return [of.admin.user.id, of.staff.user.id].includes(partition.slice('USER#'.length))
      ? undefined
      : 'a user of no session of this organization';
  if (PARTITIONS_OF_NO_ORGANIZATION.some((global) => partition.startsWith(global.prefix))) return undefined;
  return 'neither the organization’s nor a listed partition of no organization';
}

function expectOwnPartitions(label: string, answer: ApiResponse, of: Tenant, stranger: Tenant) {
  expect(answer.status, `${label}: ${answer.text.slice(0, 200)}`).not.toBe(500);
  expect(answer.headers.get('x-db-partition-count'), label).toBe(String(answer.dbPartitions.length));
  // A partition that is not the organization's and carries one of the other organization's ids says so.
  const strangers = [stranger.admin.orgId, stranger.admin.user.id, stranger.staff.user.id, stranger.projectId];
  const wrong = answer.dbPartitions.flatMap((partition) => {
    const why = notOwn(partition, of);
    if (why && strangers.some((id) => partition.includes(id))) return [`${partition}: names the other organization`];
    return why ? [`${partition}: ${why}`] : [];
  });
  expect(wrong, label).toEqual([]);
}

const SESSION_ENDING = /\/(revoke-others|change-password)$|^\/api\/user\/sessions\/\{id\}$|^\/api\/logout$/;

describe("every route with an organization reaches only that organization's partitions (issue 38, item 4)", () => {
  it('a session of one organization, with its own ids or the other organization’s, names only its own partitions and listed ones of no organization', async () => {
    const signedInRoutes = routes.filter((route) => route.endpoint.auth === 'required');
    expect(signedInRoutes.length).toBeGreaterThan(50);
    // Deletions run after the routes that read what they delete, the project's after its comment's, and the
    // routes that end the session last, so the others reach their items signed in.
    const rank = (route: (typeof signedInRoutes)[number]) => {
      if (SESSION_ENDING.test(route.path)) return 3;
      if (route.method !== 'DELETE') return 0;
      return route.path === '/api/projects/{id}' ? 2 : 1;
    };
    const ordered = [...signedInRoutes].sort((a, b) => rank(a) - rank(b));
    let caller = own.admin;
    await stepUp(caller);
    let seen = 0;
    for (const route of ordered) {
      const schema = (route.endpoint as { body?: Parameters<typeof arbitraryFromSchema>[0] }).body;
      const body = schema ? fc.sample(arbitraryFromSchema(schema), { numRuns: 1, seed: 38 })[0] : undefined;
      for (const ids of [own, other]) {
        const label = `${route.method} ${route.path} with ${ids === own ? 'its own' : 'the other organization’s'} ids`;
        const answer = await caller.call(fill(route.path, ids), {
          method: route.method,
          ...(body === undefined ? {} : { body }),
        });
        expectOwnPartitions(label, answer, own, other);
        seen += answer.dbPartitions.length;
        if (answer.status === 401) {
          caller = await login(own.admin.email, own.admin.password);
          await stepUp(caller);
        }
      }
    }
    expect(seen, 'partitions recorded').toBeGreaterThanOrEqual(signedInRoutes.length * 2);
  }, 60_000);

  it('a SCIM token of one organization, with its own ids or the other organization’s, names only its own partitions and listed ones of no organization', async () => {
    const scimRoutes = routes.filter(isScimRoute);
    expect(scimRoutes.length).toBeGreaterThan(10);
    for (const route of scimRoutes) {
      const body =
        route.method === 'POST' && route.path === USERS
          ? scimUserBody(`scim-${own.admin.user.id.toLowerCase()}@example.com`)
          : route.method === 'GET' || route.method === 'DELETE'
            ? undefined
            : { schemas: [] };
      for (const ids of [own, other]) {
        const answer = await scim(own.scimToken, fill(route.path, ids), {
          method: route.method,
          ...(body === undefined ? {} : { body }),
        });
        const label = `${route.method} ${route.path} with ${ids === own ? 'its own' : 'the other organization’s'} ids`;
        expect(answer.status, label).not.toBe(401);
        expectOwnPartitions(label, answer, own, other);
        // The token's organization is the session's here: its token item and the organization's own item.
        expect(answer.dbPartitions, label).toContain(`ORG#${own.admin.orgId}`);
      }
    }
  }, 60_000);
});
