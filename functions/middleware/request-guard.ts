import type { MiddlewareObj } from '@middy/core';
import { appOrigins, secretValue } from '../config';
import { forbidden } from '../http/http-error';
import type { LambdaResult, RouteEvent } from '../http/types';
import { originVerified } from './origin-verify';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses what did not come the way a browser on our own origin sends it:
 * - in the cloud, requests that did not pass CloudFront (which adds the per-stage secret header,
 *   current or previous value during a rotation);
 * - state-changing requests a browser marks cross-site, or whose Origin names another origin.
 *   Requests with neither header (non-browser clients) pass. Host is never trusted: CloudFront rewrites it.
 * Webhook routes skip the cross-site part: no browser sends them, their signature authenticates them.
 * It also settles the client address: the socket's locally, CloudFront's viewer address behind CloudFront.
 */
export function requestGuard(
  options: { crossSiteCheck: boolean } = { crossSiteCheck: true },
): MiddlewareObj<RouteEvent, LambdaResult> {
  return {
    before: async ({ event }) => {
      const headers = event.headers ?? {};
      const originSecret = secretValue('ORIGIN_VERIFY_SECRET');
      if (originSecret && !(await originVerified(headers['x-origin-verify'], originSecret))) throw forbidden();

      event.clientIp = originSecret ? viewerAddress(headers['cloudfront-viewer-address']) : undefined;
      event.clientIp ??= event.requestContext.http.sourceIp;

      if (!options.crossSiteCheck || !STATE_CHANGING.has(event.requestContext.http.method)) return;
      if (headers['sec-fetch-site'] === 'cross-site') throw forbidden('Cross-site request refused');
      const origin = headers.origin;
      if (origin !== undefined && !appOrigins().includes(origin)) throw forbidden('Cross-site request refused');
    },
  };
}

/** CloudFront-Viewer-Address is "ip:port" (IPv6 without brackets): drop the port. */
function viewerAddress(value: string | undefined) {
  if (!value) return undefined;
  const at = value.lastIndexOf(':');
  return at > 0 ? value.slice(0, at) : value;
}
