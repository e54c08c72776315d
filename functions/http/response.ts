/** What a route returns; the response middleware turns it into an API Gateway result. */
export interface RouteResult<B = unknown> {
  statusCode: number;
  body?: B;
  headers?: Record<string, string>;
  cookies?: string[];
  /** Raw bytes (avatars): sent base64-encoded as API Gateway expects. */
  binary?: { contentType: string; data: Buffer };
  /** A text answer that is not JSON (a CSV export), sent as it is. */
  text?: { contentType: string; data: string };
}

type Extra = Omit<RouteResult, 'statusCode' | 'body'>;

const json = <B>(statusCode: number, body: B, extra: Extra = {}): RouteResult<B> => ({ statusCode, body, ...extra });
export const ok = <B>(body: B, extra?: Extra) => json(200, body, extra);
export const created = <B>(body: B, extra?: Extra) => json(201, body, extra);
/** 202: taken, and done after the answer (a webhook's test event or retry, sent by its consumer). */
export const accepted = <B>(body: B, extra?: Extra) => json(202, body, extra);
/** 204: done, nothing to answer. */
export const noContent = (extra?: Extra): RouteResult<undefined> => ({ statusCode: 204, ...extra });
/**
 * A browser sent on (a sign-in's return from the identity provider), never cached. 302 after a GET;
 * 303 after a POST, so the browser follows with a GET instead of posting again.
 */
export const redirect = (statusCode: 302 | 303, location: string, cookies: string[]): RouteResult<undefined> => ({
  statusCode,
  headers: { location, 'cache-control': 'no-store' },
  cookies,
});
