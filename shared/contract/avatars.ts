import { endpoint } from './endpoint';

// The image bytes of an uploaded avatar (no JSON answer). No session: CloudFront caches the path
// without cookies, and the random version in it is what keeps the URL unguessable.

export const image = /* @__PURE__ */ endpoint({ method: 'GET', path: '/api/avatars/{userId}/{version}', auth: 'none' });
