import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { LoadedSession } from '../sessions/reads';

/** What every middleware and handler sees: the raw event plus what the middleware found. */
export interface RouteEvent extends APIGatewayProxyEventV2 {
  /** The parsed, validated JSON body (routes with a body schema). */
  parsedBody?: unknown;
  /** The body's exact text (webhook routes). */
  rawBody?: string;
  /** The signed-in session (routes with auth). */
  session?: LoadedSession;
  /** Headers every answer to this request carries, an error's too (an API key's RateLimit headers). */
  answerHeaders?: Record<string, string>;
  /** Viewer address: the socket's locally, CloudFront's viewer address in the cloud. */
  clientIp?: string;
}

export type LambdaResult = APIGatewayProxyStructuredResultV2;
export type { Context };
