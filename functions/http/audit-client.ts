import type { ActingUser, AuditClient, WriteContext } from '../audit-log/entries';
import { userAgentOf } from './browser';
import type { RouteEvent } from './types';

/**
 * The client an audit entry records: the address the request guard settled (CloudFront's viewer
 * address in the cloud, the socket's locally: never a header the client chose) and the User-Agent.
 */
export function auditClient(request: { clientIp: string; event: RouteEvent }): AuditClient {
  return { clientAddress: request.clientIp, userAgent: userAgentOf(request.event) };
}

/** The write context of a request made by a signed-in user: who acts, and from where. */
export const writeContext = <Actor extends ActingUser>(
  actor: Actor,
  request: { clientIp: string; event: RouteEvent },
): WriteContext<Actor> => ({ actor, client: auditClient(request) });
