import { AVATAR_DATA_URL, type AvatarContentType, INVALID_AVATAR } from '../../shared/schemas/account';
import { badRequest } from '../http/http-error';

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
  return { contentType, data };
}
