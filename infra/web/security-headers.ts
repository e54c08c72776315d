/**
 * The response security headers of the web app, defined once: the CloudFront response headers
 * policy and the local emulator both use these, so the laptop shows what the cloud sends.
 * The CSP allows exactly the app itself and Stripe's pricing table (script, frames, API calls).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  // Radix positions popovers and Amplify UI sets CSS variables through inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.stripe.com",
  "font-src 'self'",
  "connect-src 'self' https://api.stripe.com",
  'frame-src https://js.stripe.com https://*.js.stripe.com https://checkout.stripe.com',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/** Powerful features nobody in the app uses are off, for the app and every frame; payment only for Stripe's. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")';

/**
 * Headers CloudFront cannot set as security headers, added as custom ones. Cross-Origin-Opener-Policy
 * keeps a window this app opens or is opened by from reaching it through `window.opener`.
 */
export const CUSTOM_SECURITY_HEADERS: Record<string, string> = {
  'permissions-policy': PERMISSIONS_POLICY,
  'cross-origin-opener-policy': 'same-origin',
};

export const SECURITY_HEADERS: Record<string, string> = {
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  ...CUSTOM_SECURITY_HEADERS,
};

/**
 * Headers a response may set for itself, kept over the defaults: the avatar route's image gets its
 * own stricter CSP (`default-src 'none'; sandbox`), which the app's would loosen.
 */
export const ORIGIN_MAY_SET = new Set(['content-security-policy']);

/** The security headers on top of a response's own: ours win, except those the response may set for itself. */
export function withSecurityHeaders<Headers extends Record<string, unknown>>(
  own: Headers | undefined,
): Headers & Record<string, string> {
  const defaults = Object.entries(SECURITY_HEADERS).filter(([name]) => !(ORIGIN_MAY_SET.has(name) && own?.[name] !== undefined));
  return { ...own, ...Object.fromEntries(defaults) } as Headers & Record<string, string>;
}
