import { userKeys } from '../user/keys';

/** For RouteOptions.preload: the email item the body names, read in the session's round trip. */
export const preloadSavedEmail = ({ body }: { body: { username: string } | undefined }) =>
  body ? userKeys.email(body.username) : undefined;

/** For RouteOptions.preload: the user the path names, read in the session's round trip. */
export const preloadRemovedUser = ({ orgId, params }: { orgId: string; params: Record<string, string> }) =>
  params.userId ? userKeys.user(orgId, params.userId) : undefined;
