import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteDefinition } from '../functions/routes';

/** An API Gateway HTTP API (payload 2.0) event for one route, as the emulator or the cloud sends it. */
/** `sourceIp`: the client's address as API Gateway gives it (127.0.0.1 when omitted). */
export function lambdaEvent(
  route: Pick<RouteDefinition, 'method' | 'path'>,
  options: {
    params?: Record<string, string>;
    cookie?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    host: string;
    sourceIp?: string;
  },
): APIGatewayProxyEventV2 {
  const params = options.params ?? {};
  const rawPath = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const now = new Date();
  const requestId = randomUUID();
  const routeKey = `${route.method} ${route.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    ...(options.cookie ? { cookies: [options.cookie] } : {}),
    headers: {
      host: options.host,
      'user-agent': 'growthwise-bench',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(Object.keys(params).length ? { pathParameters: params } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: options.host,
      domainPrefix: 'localhost',
      http: {
        method: route.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: options.sourceIp ?? '127.0.0.1',
        userAgent: 'growthwise-bench',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body ? { body } : {}),
    isBase64Encoded: false,
  };
}
