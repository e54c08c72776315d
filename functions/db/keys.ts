/**
 * Every entity's key scheme, in one place: nothing else builds key strings.
 * docs/data-model.md lists the access patterns that use them.
 */
export interface Key {
  PK: string;
  SK: string;
}

const ORG = 'ORG#';
const USER = 'USER#';

export const keys = {
  organization: (orgId: string): Key => ({ PK: `${ORG}${orgId}`, SK: 'ORG' }),
  user: (orgId: string, userId: string): Key => ({ PK: `${ORG}${orgId}`, SK: `${USER}${userId}` }),
  /** Emails are unique across the product and compared case-insensitively. */
  email: (email: string): Key => ({ PK: `EMAIL#${email.trim().toLowerCase()}`, SK: 'EMAIL' }),
  session: (userId: string, sessionId: string): Key => ({ PK: `${USER}${userId}`, SK: `SESSION#${sessionId}` }),
  loginAttempts: (email: string, clientIp: string): Key => ({
    PK: `LOGIN#${email.trim().toLowerCase()}#${clientIp}`,
    SK: 'LOGIN',
  }),
  project: (orgId: string, projectId: string): Key => ({ PK: `${ORG}${orgId}`, SK: `PROJECT#${projectId}` }),
  notification: (userId: string, notificationId: string): Key => ({
    PK: `${USER}${userId}`,
    SK: `NOTIFICATION#${notificationId}`,
  }),
  avatar: (userId: string): Key => ({ PK: `${USER}${userId}`, SK: 'AVATAR' }),
} as const;

/** Partitions and sort-key prefixes for Queries. */
export const collections = {
  usersOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: USER }),
  projectsOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: 'PROJECT#' }),
  sessionsOfUser: (userId: string) => ({ PK: `${USER}${userId}`, prefix: 'SESSION#' }),
  notificationsOfUser: (userId: string) => ({ PK: `${USER}${userId}`, prefix: 'NOTIFICATION#' }),
} as const;
