import { userKeys } from '../user/keys';

/** For RouteOptions.preload: the user the path names, read in the session's round trip. */
export const preloadRemovedUser = ({ orgId, params }: { orgId: string; params: Record<string, string> }) =>
  params.userId ? userKeys.user(orgId, params.userId) : undefined;
