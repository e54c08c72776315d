import { randomBytes } from 'node:crypto';
import { base32 } from '@otplib/plugin-base32-scure';
import { generateTOTP } from '@otplib/uri';
import encodeQR from 'qr';
import { PRODUCT_NAME } from '../../shared/product';

/** 160 bits, as RFC 4226 recommends for HMAC-SHA1 and otplib's generateSecret draws. */
const SECRET_BYTES = 20;

/**
 * A new TOTP secret (20 random bytes, base32, as authenticator apps expect) and how to add it to an
 * app. Apart from functions/mfa/totp.ts: only set-up draws a QR code, so the handlers that
 * verify codes do not load the encoder; and set-up computes no code, so it takes otplib's base32 and
 * URI parts, not its root, which loads the pure-JS HMAC too (15 KB of set-up's bundle).
 */
export function newTotpEnrolment(accountName: string) {
  const secret = base32.encode(randomBytes(SECRET_BYTES), { padding: false });
  const otpauthUrl = generateTOTP({ issuer: PRODUCT_NAME, label: accountName, secret });
  return { secret, otpauthUrl, qrCode: totpQrCode(otpauthUrl) };
}

/**
 * The link as a QR code, an SVG data URL for an <img>. Drawn here, never by a third-party service:
 * the code carries the secret. The encoder is `qr` (decision 021g): it picks the mask pattern the
 * standard asks for, as qrcode did, but scores the eight candidates on packed bit rows, which in a
 * new process takes a few milliseconds where qrcode's took 15–20. Its SVG has no background of its own:
 * the white square and crisp module edges added here keep the code readable on the dark theme.
 */
export function totpQrCode(otpauthUrl: string): string {
  const svg = encodeQR(otpauthUrl, 'svg', { ecc: 'medium', border: 2 }).replace(
    /^<svg ([^>]*)>/,
    '<svg shape-rendering="crispEdges" $1><rect width="100%" height="100%" fill="#fff"/>',
  );
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
