import encodeQR from 'qr';
import { describe, expect, it } from 'vitest';
import { newTotpEnrolment, totpQrCode } from './totp-enrolment';

const svgOf = (dataUrl: string) => Buffer.from(dataUrl.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');

describe('two-factor enrolment', () => {
  it('draws the authenticator link as an SVG QR code on a white square, with crisp module edges', () => {
    const link = 'otpauth://totp/Growthwise:tessa%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Growthwise';
    const dataUrl = totpQrCode(link);
    expect(dataUrl).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
    const svg = svgOf(dataUrl);
    // The encoder's own drawing of the link (medium error correction, the standard's mask, a 2-module margin), on a background:
    // without it the dark modules would sit on the dark theme's card. test/e2e/two-factor.spec.ts reads the code back from the page.
    const drawn = encodeQR(link, 'svg', { ecc: 'medium', border: 2 });
    expect(
      svg.startsWith(
        '<svg shape-rendering="crispEdges" viewBox="0 0 45 45" xmlns="http://www.w3.org/2000/svg"><rect width="100%" height="100%" fill="#fff"/><path d="',
      ),
    ).toBe(true);
    expect(svg.replace(' shape-rendering="crispEdges"', '').replace('<rect width="100%" height="100%" fill="#fff"/>', '')).toBe(
      drawn,
    );
    expect(svgOf(totpQrCode(`${link}x`))).not.toBe(svg);
  });

  it('gives a new base32 secret each time, with its link and QR code', () => {
    const first = newTotpEnrolment('tessa@example.com');
    const second = newTotpEnrolment('tessa@example.com');
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(second.secret).not.toBe(first.secret);
    expect(first.otpauthUrl).toBe(`otpauth://totp/Growthwise:tessa%40example.com?secret=${first.secret}&issuer=Growthwise`);
    expect(first.qrCode).toBe(totpQrCode(first.otpauthUrl));
  });
});
