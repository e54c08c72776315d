import type { AvatarContentType } from '../../shared/schemas/user';

/** How far an image's frames reach: a viewer decodes each frame at its own size, whatever the header declares. */
export interface FrameExtent {
  width: number;
  height: number;
}

/**
 * The extents of every frame an animated image holds (a GIF's image descriptors, an APNG's fcTL
 * chunks, an animated WebP's ANMF chunks), offsets included; none for a still PNG, JPEG or WebP,
 * whose one frame is the header's size. Throws on a structure that ends early.
 */
export function frameExtents(contentType: AvatarContentType, data: Buffer): FrameExtent[] {
  if (contentType === 'image/gif') return gifFrames(data);
  if (contentType === 'image/png') return apngFrames(data);
  if (contentType === 'image/webp') return webpFrames(data);
  return [];
}

class Truncated extends Error {}

function byteAt(data: Buffer, offset: number) {
  if (offset >= data.length) throw new Truncated('image ends early');
  return data[offset]!;
}

/** GIF: the screen descriptor, then extensions and image descriptors, each followed by data sub-blocks. */
function gifFrames(data: Buffer): FrameExtent[] {
  const frames: FrameExtent[] = [];
  const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const skipSubBlocks = (offset: number) => {
    for (let size = byteAt(data, offset); size !== 0; size = byteAt(data, offset)) offset += size + 1;
    return offset + 1;
  };
  let offset = 13 + colourTable(byteAt(data, 10));
  for (;;) {
    const block = byteAt(data, offset);
    if (block === 0x3b) return frames;
    if (block === 0x21) {
      offset = skipSubBlocks(offset + 2);
    } else if (block === 0x2c) {
      if (offset + 10 > data.length) throw new Truncated('image descriptor ends early');
      const left = data.readUInt16LE(offset + 1);
      const top = data.readUInt16LE(offset + 3);
      frames.push({ width: left + data.readUInt16LE(offset + 5), height: top + data.readUInt16LE(offset + 7) });
      offset = skipSubBlocks(offset + 10 + colourTable(byteAt(data, offset + 9)) + 1);
    } else {
      throw new Truncated(`unknown GIF block 0x${block.toString(16)}`);
    }
  }
}

/** PNG: chunks of length, type, data and CRC; an APNG's fcTL chunk gives each frame's size and offset. */
function apngFrames(data: Buffer): FrameExtent[] {
  const frames: FrameExtent[] = [];
  for (let offset = 8; offset + 8 <= data.length;) {
    const length = data.readUInt32BE(offset);
    const type = data.subarray(offset + 4, offset + 8).toString('latin1');
    if (type === 'fcTL') {
      if (offset + 8 + 20 > data.length) throw new Truncated('fcTL ends early');
      const at = offset + 8;
      frames.push({
        width: data.readUInt32BE(at + 4) + data.readUInt32BE(at + 12),
        height: data.readUInt32BE(at + 8) + data.readUInt32BE(at + 16),
      });
    }
    if (type === 'IEND') break;
    offset += 12 + length;
  }
  return frames;
}

/** WebP: RIFF chunks of fourcc, little-endian size and data padded to even; ANMF holds a frame's offset and size. */
function webpFrames(data: Buffer): FrameExtent[] {
  const frames: FrameExtent[] = [];
  const uint24 = (at: number) => data.readUIntLE(at, 3);
  for (let offset = 12; offset + 8 <= data.length;) {
    const type = data.subarray(offset, offset + 4).toString('latin1');
    const size = data.readUInt32LE(offset + 4);
    if (type === 'ANMF') {
      if (offset + 8 + 12 > data.length) throw new Truncated('ANMF ends early');
      const at = offset + 8;
      frames.push({ width: 2 * uint24(at) + uint24(at + 6) + 1, height: 2 * uint24(at + 3) + uint24(at + 9) + 1 });
    }
    offset += 8 + size + (size % 2);
  }
  return frames;
}
