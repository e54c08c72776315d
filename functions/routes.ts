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
}

export const routes = [
  { method: 'POST', path: '/api/register', handler: 'auth/register', table: 'readwrite' },
  { method: 'POST', path: '/api/login', handler: 'auth/login', table: 'readwrite' },
  { method: 'POST', path: '/api/logout', handler: 'auth/logout', table: 'readwrite' },
  { method: 'GET', path: '/api/user', handler: 'auth/get-user', table: 'read' },
  // projects (issue 4)
  { method: 'GET', path: '/api/projects', handler: 'projects/list-projects', table: 'read' },
  { method: 'POST', path: '/api/projects', handler: 'projects/create-project', table: 'readwrite' },
  { method: 'GET', path: '/api/projects/{id}', handler: 'projects/get-project', table: 'read' },
  { method: 'PATCH', path: '/api/projects/{id}', handler: 'projects/update-project', table: 'readwrite' },
  { method: 'DELETE', path: '/api/projects/{id}', handler: 'projects/delete-project', table: 'readwrite' },
  { method: 'GET', path: '/api/projects/{id}/members', handler: 'projects/get-project-members', table: 'read' },
  { method: 'PUT', path: '/api/projects/{id}/members', handler: 'projects/set-project-members', table: 'readwrite' },
  { method: 'GET', path: '/api/organization-users', handler: 'organization-users/list-organization-users', table: 'read' },
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
