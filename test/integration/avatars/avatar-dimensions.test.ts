import { describe, expect, it } from 'vitest';
import { registerOrganization } from '../support/api';

const TOO_LARGE = 'Image is too large. Use an image up to 1024 × 1024 pixels.';

/** A PNG's signature and header chunk: all a reader needs for the dimensions, and a few bytes for any size. */
function pngDeclaring(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // RGBA
  const chunk = Buffer.concat([Buffer.from([0, 0, 0, 13]), Buffer.from('IHDR'), header, Buffer.alloc(4)]);
  const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk]);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

/** A GIF's header: logical screen width and height, little-endian. */
function gifDeclaring(width: number, height: number) {
  const bytes = Buffer.alloc(13);
  bytes.write('GIF89a', 0, 'latin1');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return `data:image/gif;base64,${bytes.toString('base64')}`;
}

/** A complete GIF whose header declares 10 × 10 but whose one frame is `width` × `height` (issue 39, finding 11). */
function gifWithFrame(width: number, height: number) {
  const screen = Buffer.from(gifDeclaring(10, 10).split(',')[1]!, 'base64');
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  const bytes = Buffer.concat([screen, descriptor, Buffer.from([0x02, 0x02, 0x4c, 0x01, 0x00, 0x3b])]);
  return `data:image/gif;base64,${bytes.toString('base64')}`;
}

/** A complete GIF of 1024 × 1024 holding `count` frames of the full size (the probe's: 100 in 177 KB). */
function gifWithFrames(count: number) {
  const screen = Buffer.from(gifDeclaring(1024, 1024).split(',')[1]!, 'base64');
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(1024, 5);
  descriptor.writeUInt16LE(1024, 7);
  const frame = Buffer.concat([descriptor, Buffer.from([0x02, 0x02, 0x4c, 0x01, 0x00])]);
  const bytes = Buffer.concat([screen, ...Array.from({ length: count }, () => frame), Buffer.from([0x3b])]);
  return `data:image/gif;base64,${bytes.toString('base64')}`;
}

describe('avatars are checked on the server (issue 21, item 6)', () => {
  it.each([
    ['a PNG of 30000 × 30000', pngDeclaring(30000, 30000)],
    ['a PNG of 1025 × 1', pngDeclaring(1025, 1)],
    ['a GIF of 1 × 2000', gifDeclaring(1, 2000)],
    ['a GIF declaring 10 × 10 that holds a 12000 × 12000 frame', gifWithFrame(12000, 12000)],
  ])('%s is 400 with the size message', async (_label, avatarUrl) => {
    const admin = await registerOrganization();
    const response = await admin.call('/api/user/avatar', { body: { avatarUrl } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(TOO_LARGE);
    expect((await admin.call('/api/user')).body.avatarUrl).toBeNull();
  });

  it('an image of exactly 1024 × 1024 is accepted', async () => {
    const admin = await registerOrganization();
    expect((await admin.call('/api/user/avatar', { body: { avatarUrl: pngDeclaring(1024, 1024) } })).status).toBe(200);
  });

  it('an animation of more full-size frames than four is 400 with the frames message; four are accepted', async () => {
    const admin = await registerOrganization();
    const refused = await admin.call('/api/user/avatar', { body: { avatarUrl: gifWithFrames(100) } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Image has too many frames. Use a still image or a shorter animation.');
    expect((await admin.call('/api/user')).body.avatarUrl).toBeNull();
    expect((await admin.call('/api/user/avatar', { body: { avatarUrl: gifWithFrames(4) } })).status).toBe(200);
  });
});
