import * as avatarEndpoints from '../../../shared/contract/avatars';
import { getAvatar } from '../../avatars/reads';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/**
 * GET /api/avatars/{userId}/{version}: the image bytes. No session is asked for: CloudFront caches
 * this path without forwarding cookies, and the random version makes the URL itself the key to the
 * image (only members of the organization are given it). A version never changes, so it is
 * cached for a year.
 */
export const handler = defineRoute(avatarEndpoints.image, async ({ params }) => {
  const avatar = await getAvatar(params.userId, params.version);
  return ok(undefined, {
    binary: { contentType: avatar.contentType, data: Buffer.from(avatar.data) },
    headers: {
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
});
