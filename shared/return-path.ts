/** The /auth query parameter that holds the page a signed-out visitor asked for. */
export const RETURN_PARAM = 'next';

const DEFAULT_RETURN_PATH = '/dashboard';

// Any origin serves: only whether the value stays on it matters.
const BASE = 'https://growthwise.invalid';

/**
 * Where to go after sign-in: the requested path when it is one of this site's own, else the dashboard.
 * The decision is taken on the path as a browser parses and normalises it, never on the raw text: a
 * regex on the raw value let `/.//evil.example`, `/a/..//evil.example` or `/%2e//evil.example` through,
 * and parsing then collapsed the dot segment into `//evil.example`, which every browser reads as another
 * host (docs/decisions/096). What is returned is that normalised path, so the caller redirects to exactly
 * what was checked, and parsing it again gives it back unchanged, on this site.
 */
export function safeReturnPath(value: string | null | undefined): string {
  const path = sitePath(value);
  // Returning to the sign-in page itself would loop.
  return path === undefined || /^\/auth\/?$/.test(new URL(path, BASE).pathname) ? DEFAULT_RETURN_PATH : path;
}

/** The value's normalised path, search and fragment when it is a path of this site; undefined otherwise. */
function sitePath(value: string | null | undefined): string | undefined {
  // Only a path is a way back: a full URL, even one naming this site, or a bare word is not.
  if (!value?.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A normalised path that still opens with two slashes (or a slash and a backslash) names a host to a
  // browser and to a Location header; the same value parsed again must land on this site, unchanged.
  if (/^\/[/\\]/.test(path)) return undefined;
  const again = new URL(path, BASE);
  return again.origin === BASE && again.href === url.href ? path : undefined;
}

/** The sign-in URL that leads back to `path` afterwards (the dashboard needs no parameter). */
export function signInUrlFor(path: string): string {
  return path === DEFAULT_RETURN_PATH ? '/auth' : `/auth?${new URLSearchParams({ [RETURN_PARAM]: path }).toString()}`;
}
