import { describe, expect, inject, it } from 'vitest';
import { registerOrganization, request } from '../support/api';
import { addMemberDirectly } from '../support/org-members';

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const PNG = `data:image/png;base64,${PNG_BASE64}`;
const GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

describe('POST /api/user/avatar and GET /api/avatars/{userId}/{version}', () => {
  it('stores the image and answers the URL it is served from, with the bytes and long-lived caching', async () => {
    const admin = await registerOrganization();
    const uploaded = await admin.call('/api/user/avatar', { body: { avatarUrl: PNG } });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.avatarUrl).toMatch(new RegExp(`^/api/avatars/${admin.user.id}/[\\w-]+$`));

    // No cookie: an <img> may be loaded from a cache that forwards none.
    const image = await fetchBytes(uploaded.body.avatarUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    // Its own CSP, stricter than the app's, survives the security headers added to every answer.
    expect(image.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(image.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(image.bytes.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);

    expect((await admin.call('/api/user')).body.avatarUrl).toBe(uploaded.body.avatarUrl);
  });

  it('gives every upload a new URL; the old one is gone', async () => {
    const admin = await registerOrganization();
    const first = (await admin.call('/api/user/avatar', { body: { avatarUrl: PNG } })).body.avatarUrl as string;
    const second = await admin.call('/api/user/avatar', { body: { avatarUrl: GIF } });
    expect(second.status).toBe(200);
    expect(second.body.avatarUrl).not.toBe(first);
    expect((await fetchBytes(first)).status).toBe(404);
    const image = await fetchBytes(second.body.avatarUrl);
    expect(image.headers.get('content-type')).toBe('image/gif');
  });

  it('puts the URL, never the bytes, in the user listing and the member pickers of the organization', async () => {
    const admin = await registerOrganization();
    const staff = await addMemberDirectly(admin.orgId);
    const avatarUrl = (await staff.call('/api/user/avatar', { body: { avatarUrl: PNG } })).body.avatarUrl as string;
    const listing = await admin.call('/api/organization/users');
    const entry = listing.body.find((user: { id: string }) => user.id === staff.user.id);
    expect(entry.avatarUrl).toBe(avatarUrl);
    expect(JSON.stringify(listing.body)).not.toContain(PNG_BASE64);
    const pickers = await admin.call('/api/organization-users');
    expect(pickers.body.find((user: { id: string }) => user.id === staff.user.id).avatarUrl).toBe(avatarUrl);
  });

  it('refuses anything but a PNG, JPEG, WebP or GIF data URL with 400', async () => {
    const admin = await registerOrganization();
    const refused = [
      'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
      'data:text/html;base64,PGgxPmhpPC9oMT4=',
      'https://example.com/me.png',
      'data:image/png;base64,not base64!',
      // Declared a PNG, but the bytes are a GIF.
      `data:image/png;base64,${GIF.split(',')[1]}`,
      '',
    ];
    for (const avatarUrl of refused) {
      const response = await admin.call('/api/user/avatar', { body: { avatarUrl } });
      expect(response.status, avatarUrl).toBe(400);
      expect(response.body.message).toBe('The avatar must be a PNG, JPEG, WebP or GIF image');
    }
    expect((await admin.call('/api/user')).body.avatarUrl).toBeNull();
  });

  it('refuses a body over 256 KiB with 413', async () => {
    const admin = await registerOrganization();
    const huge = `data:image/png;base64,${PNG_BASE64.slice(0, 20)}${'A'.repeat(270 * 1024)}`;
    expect((await admin.call('/api/user/avatar', { body: { avatarUrl: huge } })).status).toBe(413);
  });

  it('answers 404 for an unknown user or version', async () => {
    const admin = await registerOrganization();
    await admin.call('/api/user/avatar', { body: { avatarUrl: PNG } });
    expect((await fetchBytes(`/api/avatars/${admin.user.id}/not-the-version`)).status).toBe(404);
    expect((await fetchBytes('/api/avatars/nobody/whatever')).status).toBe(404);
  });

  it('needs a session to upload (401)', async () => {
    expect((await request('/api/user/avatar', { body: { avatarUrl: PNG } })).status).toBe(401);
  });
});

/** A plain GET with no cookie, as a cache in front of the API makes it; the body as bytes. */
async function fetchBytes(path: string) {
  const response = await fetch(new URL(path, inject('apiUrl')));
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}
