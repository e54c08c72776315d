import { describe, expect, expectTypeOf, it } from 'vitest';
import { endpoint } from '../../shared/contract/endpoint';
import * as organizationUserEndpoints from '../../shared/contract/organization-users';
import * as projectEndpoints from '../../shared/contract/projects';
import type { OrganizationUserRequest } from '../../shared/schemas/organization-users';
import type { BillingItem } from '../billing/item';
import { billingKeys } from '../billing/keys';
import { type Key } from '../db/keys';
import type { FiguresItem } from '../projects/figures';
import type { ProjectItem } from '../projects/item';
import { projectKeys } from '../projects/keys';
import { preloadFigures, preloadProject } from '../projects/reads';
import type { SsoDomainClaimItem } from '../sso/item';
import { ssoKeys } from '../sso/keys';
import { preloadSavedEmail } from '../sso-requirement/rules';
import type { EmailItem, UserItem } from '../user/item';
import { userKeys } from '../user/keys';
import { type IdempotentRun, type PreloadedItems, defineRoute } from './define-route';
import { ok } from './response';

const PROJECT_ID = '01JD0000000000000000000000';
/** Stands in for functions/middleware/idempotency.ts where only the typing is checked. */
const runAsIs: IdempotentRun = (_request, handle) => handle();
const scope = { orgId: 'o1', params: { id: PROJECT_ID } };
/** A preload of two keys, as a route that needs two items writes it. */
const preloadProjectAndFigures = (at: { orgId: string; params: Record<string, string> }) =>
  [projectKeys.project(at.orgId, at.params.id!), projectKeys.projectFigures(at.orgId)] as const;

/*
 * `npm run typecheck` checks this file: were `preloaded` to become unknown or any again, the
 * expectTypeOf lines would not compile (toEqualTypeOf tells any and unknown from an item type).
 */
describe('defineRoute preload typing', () => {
  it('gives the handler the item types of the preload keys, in their order', () => {
    expectTypeOf<PreloadedItems<typeof preloadProject>>().toEqualTypeOf<readonly [ProjectItem | undefined]>();
    expectTypeOf<PreloadedItems<typeof preloadProjectAndFigures>>().toEqualTypeOf<
      readonly [ProjectItem | undefined, FiguresItem | undefined]
    >();

    const detail = defineRoute(projectEndpoints.detail, { preload: preloadProject }, async ({ preloaded, preloadedAll }) => {
      expectTypeOf(preloaded).toEqualTypeOf<ProjectItem | undefined>();
      expectTypeOf(preloadedAll).toEqualTypeOf<readonly [ProjectItem | undefined]>();
      return ok({
        id: preloaded?.id ?? '',
        name: '',
        description: null,
        status: 'planning',
        dueDate: null,
        createdAt: '',
        members: [],
      });
    });
    const remove = defineRoute(
      projectEndpoints.remove,
      { preload: preloadProjectAndFigures },
      async ({ preloaded, preloadedAll: [project, figures] }) => {
        expectTypeOf(preloaded).toEqualTypeOf<ProjectItem | undefined>();
        expectTypeOf(project).toEqualTypeOf<ProjectItem | undefined>();
        expectTypeOf(figures).toEqualTypeOf<FiguresItem | undefined>();
        return ok({ id: '' });
      },
    );
    expect(typeof detail).toBe('function');
    expect(typeof remove).toBe('function');
  });

  it('types an inline preload from the key builder it calls', () => {
    const probe = endpoint({ method: 'GET', path: '/api/probe/{userId}', auth: 'required' });
    const handler = defineRoute(
      probe,
      { preload: ({ orgId, params }) => [userKeys.user(orgId, params.userId!), billingKeys.billing(orgId)] as const },
      async ({ preloaded, preloadedAll }) => {
        expectTypeOf(preloaded).toEqualTypeOf<UserItem | undefined>();
        expectTypeOf(preloadedAll[1]).toEqualTypeOf<Partial<BillingItem> | undefined>();
        return { statusCode: 204 } as never;
      },
    );
    expect(typeof handler).toBe('function');
  });

  it('says unknown for a bare Key and gives nothing without a preload', () => {
    const probe = endpoint({ method: 'GET', path: '/api/probe', auth: 'required' });
    const bare = (): Key => ({ PK: 'P', SK: 'S' });
    defineRoute(probe, { preload: bare }, async ({ preloaded }) => {
      expectTypeOf(preloaded).toEqualTypeOf<unknown>();
      return { statusCode: 204 } as never;
    });
    defineRoute(probe, async ({ preloaded, preloadedAll }) => {
      expectTypeOf(preloaded).toEqualTypeOf<undefined>();
      expectTypeOf(preloadedAll).toEqualTypeOf<readonly []>();
      return { statusCode: 204 } as never;
    });
  });

  it('builds the keys the preload names from the session organization and the path', () => {
    expect(preloadProject(scope)).toEqual(projectKeys.project('o1', PROJECT_ID));
    expect(preloadFigures(scope)).toEqual(projectKeys.projectFigures('o1'));
    expect(preloadProject({ orgId: 'o1', params: { id: 'not-a-ulid' } })).toBeUndefined();
  });

  it('gives a preload the body as the endpoint parses it, and the item its key names', () => {
    defineRoute(
      organizationUserEndpoints.saveUser,
      {
        idempotency: runAsIs,
        preload: ({ body }) => {
          expectTypeOf(body).toEqualTypeOf<OrganizationUserRequest | undefined>();
          return body && userKeys.email(body.username);
        },
      },
      async ({ preloaded }) => {
        expectTypeOf(preloaded).toEqualTypeOf<EmailItem | undefined>();
        return { statusCode: 204 } as never;
      },
    );
    defineRoute(
      organizationUserEndpoints.saveUser,
      { idempotency: runAsIs, preload: preloadSavedEmail },
      async ({ preloadedAll }) => {
        expectTypeOf(preloadedAll).toEqualTypeOf<readonly [EmailItem | undefined, SsoDomainClaimItem | undefined]>();
        return { statusCode: 204 } as never;
      },
    );
    const body = { username: ' Ana@Example.com ', fullName: 'Ana', role: 'staff' as const };
    expect(preloadSavedEmail({ body })).toEqual([userKeys.email('ana@example.com'), ssoKeys.ssoDomainClaim('example.com')]);
    // An address whose domain is no name has no claim to read: its place stays, read as missing.
    expect(preloadSavedEmail({ body: { ...body, username: 'ana@localhost' } })).toEqual([
      userKeys.email('ana@localhost'),
      undefined,
    ]);
    // A body the schema refused: nothing is read, the request answers 400.
    expect(preloadSavedEmail({ body: undefined })).toBeUndefined();
  });
});

describe('defineRoute and idempotent endpoints (Endpoint.idempotent)', () => {
  const created = async () => ({ statusCode: 201 }) as never;

  it('makes the handler of an idempotent endpoint pass the idempotency, and no other handler', () => {
    // @ts-expect-error an idempotent endpoint without the idempotency does not compile
    expect(() => defineRoute(projectEndpoints.create, created)).toThrow('idempotent');
    // @ts-expect-error nor with options that leave it out
    expect(() => defineRoute(projectEndpoints.create, { preload: preloadFigures }, created)).toThrow('idempotent');
    // @ts-expect-error an endpoint not marked idempotent may not be given it
    expect(() => defineRoute(projectEndpoints.update, { idempotency: runAsIs }, created)).toThrow('idempotent');
    expect(typeof defineRoute(projectEndpoints.create, { preload: preloadFigures, idempotency: runAsIs }, created)).toBe(
      'function',
    );
  });

  it("refuses an idempotent endpoint open without a session: its keys are a signed-in user's", () => {
    const open = endpoint({ method: 'POST', path: '/api/probe', auth: 'optional', idempotent: true });
    expect(() => defineRoute(open, { idempotency: runAsIs }, created)).toThrow('needs a session');
  });
});
