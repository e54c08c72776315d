import type { SessionBrowser } from '../sessions/start-session';
import type { RouteEvent } from './types';

/** The User-Agent a request names ('' when it names none). */
export const userAgentOf = (event: RouteEvent) => event.headers?.['user-agent'] ?? '';

/** What a session's start needs of the request's browser, so the domain never reads the HTTP event. */
export const browserOf = (event: RouteEvent): SessionBrowser => ({ cookies: event.cookies, userAgent: userAgentOf(event) });
