import type { WriteContext } from '../audit-log/entries';
import type { Authority } from '../organization-users/writes';
import type { ScimTokenItem } from '../scim-tokens/item';

/** What a SCIM route's handle gets from functions/http/scim-route.ts: the token's organization, never the request's. */
export interface ScimRequest {
  token: ScimTokenItem;
  orgId: string;
  /** Where the SCIM endpoints are (the stage's own origin): the base of every meta.location and $ref. */
  baseUrl: string;
  /** Where the Users resources are (the stage's own origin): their meta.location. */
  usersUrl: string;
  /** The actor 'SCIM' in the token's organization, and the client, for the audit entries. */
  context: WriteContext;
  /** Proves in each write's transaction that the token was not revoked meanwhile. */
  authority: Authority;
  /** The JSON body, parsed (undefined without one). */
  body: unknown;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
}
