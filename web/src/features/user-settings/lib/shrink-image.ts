import { MAX_JSON_BODY_BYTES } from '@shared/limits';
import { AVATAR_MAX_PIXELS } from '@shared/schemas/user';

const READ_FAILED = 'Failed to read the image file';

/** Room left in the JSON body for the data URL once the rest of `{"avatarUrl":"..."}` is counted. */
const MAX_DATA_URL_LENGTH = MAX_JSON_BODY_BYTES - 64;

/**
 * Shrinks a picked image in the browser to fit AVATAR_MAX_PIXELS square and encodes it as a data
 * URL the API accepts: any image the browser can decode becomes a small WebP (PNG where the browser
 * cannot encode WebP, JPEG if that is still too large), so large photos upload in a blink.
 */
export async function shrinkImage(file: File): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(READ_FAILED);
  }
  const scale = Math.min(1, AVATAR_MAX_PIXELS / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error(READ_FAILED);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();

  const encoded = canvas.toDataURL('image/webp', 0.9);
  if (encoded.length <= MAX_DATA_URL_LENGTH) return encoded;
  // JPEG has no transparency: paint what was see-through white rather than black.
  context.globalCompositeOperation = 'destination-over';
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.85);
}
