import { request as httpRequest } from 'node:http';
import { inject } from 'vitest';

/**
 * A JSON POST sent from another loopback address (127.x.y.z): the API sees a different client
 * address, as it would see another machine, so per-client rules can be tested without touching
 * the address every other test shares.
 */
export function postFrom(
  localAddress: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: any; headers: Record<string, string | string[] | undefined> }> {
  const url = new URL(path, inject('apiUrl'));
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** A loopback address of its own for one test. */
export const randomLoopbackAddress = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
