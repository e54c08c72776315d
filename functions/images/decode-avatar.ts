import { imageSize } from 'image-size';
import {
  AVATAR_DATA_URL,
  AVATAR_MAX_DECODED_PIXELS,
  AVATAR_MAX_UPLOAD_PIXELS,
  type AvatarContentType,
  AVATAR_TOO_LARGE,
  AVATAR_TOO_MANY_FRAMES,
  INVALID_AVATAR,
} from '../../shared/schemas/user';
import { badRequest } from '../http/http-error';
import { frameExtents } from './frame-extents';

/** The first bytes each accepted type starts with: the declared type must be the real one. */
const SIGNATURES: Record<AvatarContentType, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/**
 * The image inside an avatar data URL. The bytes are served back later with the declared type,
 * so a body that is not really that image is refused rather than stored.
 */
export function decodeAvatar(dataUrl: string): { contentType: AvatarContentType; data: Buffer } {
  const match = AVATAR_DATA_URL.exec(dataUrl);
  if (!match) throw badRequest(INVALID_AVATAR, { avatarUrl: INVALID_AVATAR });
  const contentType = match[1] as AvatarContentType;
  const data = Buffer.from(match[2]!, 'base64');
  if (!SIGNATURES[contentType](data)) throw badRequest(INVALID_AVATAR, { avatarUrl: INVALID_AVATAR });
  // A few kilobytes can declare 30000 × 30000 pixels, which every viewer would then have to decode:
  // the header's dimensions are checked here, whatever the browser did before the upload.
  // Each frame of an animated image counts too: a GIF can declare 10 × 10 and hold a 12000 × 12000 frame.
  const tooLarge = ({ width, height }: { width: number; height: number }) =>
    width > AVATAR_MAX_UPLOAD_PIXELS || height > AVATAR_MAX_UPLOAD_PIXELS;
  const tooLargeAnswer = () => badRequest(AVATAR_TOO_LARGE, { avatarUrl: AVATAR_TOO_LARGE });
  if (tooLarge(dimensionsOf(data))) throw tooLargeAnswer();
  const frames = framesOf(contentType, data);
  if (frames.some(tooLarge)) throw tooLargeAnswer();
  // And all of them together: a hundred full-size frames fit in 177 KB and are 105 million pixels to decode.
  const decoded = frames.reduce((sum, frame) => sum + frame.width * frame.height, 0);
  if (decoded > AVATAR_MAX_DECODED_PIXELS) throw badRequest(AVATAR_TOO_MANY_FRAMES, { avatarUrl: AVATAR_TOO_MANY_FRAMES });
  return { contentType, data };
}

function dimensionsOf(data: Buffer): { width: number; height: number } {
  try {
    const { width, height } = imageSize(data);
    return { width, height };
  } catch {
    // A header too damaged to read dimensions from is not an image we serve.
    throw badRequest(INVALID_AVATAR, { avatarUrl: INVALID_AVATAR });
  }
}

function framesOf(contentType: AvatarContentType, data: Buffer) {
  try {
    return frameExtents(contentType, data);
  } catch {
    throw badRequest(INVALID_AVATAR, { avatarUrl: INVALID_AVATAR });
  }
}
