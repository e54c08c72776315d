import { Conflict, NotFound, Refused } from '../domain/errors';
import { LAST_ADMIN } from '../organization-users/messages';

/** RFC 7644 §3.12's error detail types this service answers. */
export type ScimType =
  'invalidFilter' | 'invalidSyntax' | 'invalidPath' | 'invalidValue' | 'mutability' | 'uniqueness' | 'noTarget' | 'tooMany';

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A refusal in SCIM's words: its HTTP status, the detail type where the RFC has one, and a sentence for the IdP's log. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
    this.name = 'ScimError';
  }
}

export const scimErrorBody = (error: ScimError) => ({
  schemas: [SCIM_ERROR_SCHEMA],
  status: String(error.status),
  ...(error.scimType ? { scimType: error.scimType } : {}),
  detail: error.detail,
});

/** The last admin cannot be deactivated nor leave Administrators. */
export const lastAdminError = () => new ScimError(409, `${LAST_ADMIN}: make another person an administrator first.`);

/**
 * The domain's refusals as SCIM errors: a missing user 404, a taken address 409 uniqueness, the last
 * admin 409, a revoked token (found by the write's own check) 401; anything else is not a refusal
 * and goes on to the response middleware (500, or 503 for the database).
 */
export function asScimError(error: unknown): ScimError | undefined {
  if (error instanceof ScimError) return error;
  if (error instanceof NotFound) return new ScimError(404, 'No user with this id in the organization');
  if (error instanceof Conflict) return new ScimError(409, error.message, 'uniqueness');
  if (error instanceof Refused && error.message === LAST_ADMIN) return lastAdminError();
  if (error instanceof Refused && error.reason === 'signed-out') return new ScimError(401, error.message);
  if (error instanceof Refused) return new ScimError(400, error.message, 'invalidValue');
  return undefined;
}
