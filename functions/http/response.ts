/** What a route returns; the response middleware turns it into an API Gateway result. */
export interface RouteResult {
  statusCode: number;
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: string[];
  /** Raw bytes (avatars): sent base64-encoded as API Gateway expects. */
  binary?: { contentType: string; data: Buffer };
}

export const json = (statusCode: number, body: unknown, extra: Omit<RouteResult, 'statusCode' | 'body'> = {}): RouteResult => ({
  statusCode,
  body,
  ...extra,
});

export const ok = (body: unknown, extra?: Omit<RouteResult, 'statusCode' | 'body'>) => json(200, body, extra);
export const created = (body: unknown, extra?: Omit<RouteResult, 'statusCode' | 'body'>) => json(201, body, extra);
