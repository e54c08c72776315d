import { describe, expect, it } from 'vitest';
import { frameExtents } from './frame-extents';

const ONE_PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A GIF whose screen is 10 × 10, holding one frame of `width` × `height` at (left, top). */
function gifWithFrame(width: number, height: number, left = 0, top = 0) {
  const screen = Buffer.alloc(13);
  screen.write('GIF89a', 0, 'latin1');
  screen.writeUInt16LE(10, 6);
  screen.writeUInt16LE(10, 8);
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(left, 1);
  descriptor.writeUInt16LE(top, 3);
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  // LZW minimum code size, one data sub-block of two bytes, the block terminator, the trailer.
  return Buffer.concat([screen, descriptor, Buffer.from([0x02, 0x02, 0x4c, 0x01, 0x00, 0x3b])]);
}

describe('the frames of an animated image', () => {
  it("are read from a GIF's image descriptors, offsets included", () => {
    expect(frameExtents('image/gif', ONE_PIXEL_GIF)).toEqual([{ width: 1, height: 1 }]);
    expect(frameExtents('image/gif', gifWithFrame(12000, 12000))).toEqual([{ width: 12000, height: 12000 }]);
    expect(frameExtents('image/gif', gifWithFrame(5, 5, 2000, 3))).toEqual([{ width: 2005, height: 8 }]);
  });

  it('are refused as damaged when a GIF ends before its trailer', () => {
    expect(() => frameExtents('image/gif', gifWithFrame(1, 1).subarray(0, 25))).toThrow();
  });

  it("are read from an APNG's fcTL chunks", () => {
    // fcTL data: sequence number, width, height, x offset, y offset, then timing and disposal.
    const chunk = Buffer.concat([Buffer.from([0, 0, 0, 26]), Buffer.from('fcTL'), Buffer.alloc(26), Buffer.alloc(4)]);
    chunk.writeUInt32BE(3000, 8 + 4);
    chunk.writeUInt32BE(20, 8 + 8);
    chunk.writeUInt32BE(7, 8 + 12);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk]);
    expect(frameExtents('image/png', png)).toEqual([{ width: 3007, height: 20 }]);
  });

  it("are read from an animated WebP's ANMF chunks", () => {
    const anmf = Buffer.alloc(16);
    anmf.writeUIntLE(0, 0, 3);
    anmf.writeUIntLE(0, 3, 3);
    anmf.writeUIntLE(4999, 6, 3); // width - 1
    anmf.writeUIntLE(9, 9, 3); // height - 1
    const chunk = Buffer.concat([Buffer.from('ANMF'), Buffer.from([16, 0, 0, 0]), anmf]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), chunk]);
    expect(frameExtents('image/webp', webp)).toEqual([{ width: 5000, height: 10 }]);
  });

  it('are none for a JPEG: its one frame is what its header declares', () => {
    expect(frameExtents('image/jpeg', Buffer.from([0xff, 0xd8, 0xff]))).toEqual([]);
  });
});
