import type { Endpoint } from '../shared/contract/endpoint';
import { projectEndpoints } from '../shared/contract/projects';

/**
 * The one list of API routes. The CDK stack makes one Lambda and one API Gateway route per entry;
 * the local emulator dispatches from the same list. `handler` names functions/handlers/<handler>.ts,
 * which exports `handler`. `table` is the least DynamoDB access the handler needs.
 */
export interface RouteDefinition {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** API Gateway syntax: {name} is a path parameter. */
  path: `/api/${string}`;
  handler: string;
  table: 'read' | 'readwrite';
  /** The endpoint of shared/contract/ this route serves (method and path come from it). */
  endpoint?: Endpoint;
}

/** A route-table entry for an endpoint of the contract: its method and path are the endpoint's own. */
const route = <const E extends Endpoint, const H extends string, const T extends RouteDefinition['table']>(endpoint: E, handler: H, table: T) =>
  ({ method: endpoint.method, path: endpoint.path, handler, table, endpoint }) as const;

export const routes = [
  { method: 'POST', path: '/api/register', handler: 'auth/register', table: 'readwrite' },
  { method: 'POST', path: '/api/login', handler: 'auth/login', table: 'readwrite' },
  { method: 'POST', path: '/api/logout', handler: 'auth/logout', table: 'readwrite' },
  { method: 'GET', path: '/api/user', handler: 'auth/get-user', table: 'read' },
  // projects (issue 4)
  route(projectEndpoints.list, 'projects/list-projects', 'read'),
  route(projectEndpoints.create, 'projects/create-project', 'readwrite'),
  route(projectEndpoints.detail, 'projects/get-project', 'read'),
  route(projectEndpoints.update, 'projects/update-project', 'readwrite'),
  route(projectEndpoints.remove, 'projects/delete-project', 'readwrite'),
  route(projectEndpoints.members, 'projects/get-project-members', 'read'),
  route(projectEndpoints.setMembers, 'projects/set-project-members', 'readwrite'),
  route(projectEndpoints.organizationUsers, 'organization-users/list-organization-users', 'read'),
  // account (issue 5)
  { method: 'POST', path: '/api/user/avatar', handler: 'user/upload-avatar', table: 'readwrite' },
  { method: 'PATCH', path: '/api/user/profile', handler: 'user/update-profile', table: 'readwrite' },
  { method: 'POST', path: '/api/user/change-password', handler: 'user/change-password', table: 'readwrite' },
  { method: 'GET', path: '/api/avatars/{userId}/{version}', handler: 'avatars/get-avatar', table: 'read' },
  { method: 'PATCH', path: '/api/organization/{id}', handler: 'organization/update-organization', table: 'readwrite' },
  { method: 'GET', path: '/api/organization/users', handler: 'organization/list-users', table: 'read' },
  { method: 'POST', path: '/api/organization/users', handler: 'organization/save-user', table: 'readwrite' },
  { method: 'DELETE', path: '/api/organization/users/{userId}', handler: 'organization/remove-user', table: 'readwrite' },
  // notifications (issue 6)
  { method: 'GET', path: '/api/notifications', handler: 'notifications/list-notifications', table: 'read' },
  { method: 'GET', path: '/api/notifications/unread/count', handler: 'notifications/get-unread-count', table: 'read' },
  { method: 'PATCH', path: '/api/notifications/{id}/read', handler: 'notifications/mark-notification-read', table: 'readwrite' },
  { method: 'POST', path: '/api/notifications/mark-all-read', handler: 'notifications/mark-all-notifications-read', table: 'readwrite' },
] as const satisfies readonly RouteDefinition[];

/** A route's handler as a name fit for a Lambda function or a bundle folder: 'auth/get-user' → 'auth-get-user'. */
export const handlerName = (route: Pick<RouteDefinition, 'handler'>) => route.handler.replaceAll('/', '-');
