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

export const SECURITY_HEADERS: Record<string, string> = {
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};
