import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { newTotpEnrolment, totpQrCode } from './totp-enrolment';

const svgOf = (dataUrl: string) => Buffer.from(dataUrl.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');

describe('two-factor enrolment', () => {
  it('draws the authenticator link as an SVG QR code, the same code as qrcode\'s own SVG output', async () => {
    const link = 'otpauth://totp/Growthwise:tessa%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Growthwise';
    const dataUrl = totpQrCode(link);
    expect(dataUrl).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
    // The library's public API draws the same modules: the parts imported alone encode what it would.
    expect(svgOf(dataUrl)).toBe(await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 240 }));
    expect(svgOf(totpQrCode(`${link}x`))).not.toBe(svgOf(dataUrl));
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
