import { claimKeyOf } from '../sso-requirement/rules';
import { userKeys } from '../user/keys';

/**
 * For RouteOptions.preload: the email item the body names and its domain's single sign-on claim
 * (when the domain is a name), read in the session's round trip.
 */
export function preloadSavedEmail({ body }: { body: { username: string } | undefined }) {
  return body ? ([userKeys.email(body.username), claimKeyOf(body.username)] as const) : undefined;
}

/** For RouteOptions.preload: the user the path names, read in the session's round trip. */
export const preloadRemovedUser = ({ orgId, params }: { orgId: string; params: Record<string, string> }) =>
  params.userId ? userKeys.user(orgId, params.userId) : undefined;
