/** The /auth query parameter that holds the page a signed-out visitor asked for. */
export const RETURN_PARAM = 'next';

const DEFAULT_RETURN_PATH = '/dashboard';

// Any origin serves: only whether the value stays on it matters.
const BASE = 'https://growthwise.invalid';

/**
 * Where to go after sign-in: the requested path when it is one of this site's own (a single '/'
 * then anything but another slash or a backslash, which browsers read as another host), else the
 * dashboard. The value is parsed as a browser would so a tab or newline cannot smuggle in a host.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !/^\/(?![/\\])/.test(value)) return DEFAULT_RETURN_PATH;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  if (url.origin !== BASE) return DEFAULT_RETURN_PATH;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Returning to the sign-in page itself would loop.
  return url.pathname === '/auth' ? DEFAULT_RETURN_PATH : path;
}

/** The sign-in URL that leads back to `path` afterwards (the dashboard needs no parameter). */
export function signInUrlFor(path: string): string {
  return path === DEFAULT_RETURN_PATH ? '/auth' : `/auth?${new URLSearchParams({ [RETURN_PARAM]: path }).toString()}`;
}
