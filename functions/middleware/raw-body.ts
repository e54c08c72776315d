import type { MiddlewareObj } from '@middy/core';
import { MAX_JSON_BODY_BYTES } from '../../shared/limits';
import { HttpError } from '../http/http-error';
import type { LambdaResult, RouteEvent } from '../http/types';

/**
 * Webhook routes: the body exactly as sent (a signature is computed over these bytes), decoded
 * from base64 when API Gateway encoded it. Same size limit as JSON bodies.
 */
export function rawBody(): MiddlewareObj<RouteEvent, LambdaResult> {
  return {
    before: ({ event }) => {
      const bytes = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
      if (bytes.length > MAX_JSON_BODY_BYTES) throw new HttpError(413, 'Request body is too large');
      event.rawBody = bytes.toString('utf8');
    },
  };
}
