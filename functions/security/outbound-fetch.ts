import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, type LookupFunction, isIP } from 'node:net';
import { isLocalStage } from '../config';

/**
 * The one way the functions fetch a URL a customer gave (an OIDC issuer, the JWKS and endpoints its
 * discovery document names; a webhook's endpoint), so an admin's setting cannot make the service reach
 * inside its own network (docs/decisions/096; issue 63: an issuer at 169.254.169.254 or 0x7f000001
 * answered as port open or not):
 * - https only, but on the local stage, whose identity provider answers plain http on 127.0.0.1;
 * - the host resolved, every address checked, and the request sent to those checked addresses only
 *   (a second lookup could answer another: DNS rebinding); the URL parser has already turned
 *   0x7f000001, 2130706433, 0177.0.0.1 and 127.1 into 127.0.0.1;
 * - refused when any address is not public unicast: loopback (allowed on the local stage only),
 *   private, shared (CGNAT), link-local (the cloud's metadata service), unique-local, multicast,
 *   unspecified, reserved, documentation, or an IPv6 form that carries such an IPv4 address;
 * - no redirect followed (a public host could send the request on to a private one), a time limit, and
 *   a cap on the answer's size.
 */

/** Why a URL was refused, in words an admin can act on (shown under the field that holds it). */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

const TIME_LIMIT_MS = 5_000;
/** A discovery document or a key set is a few kilobytes; a larger answer is no identity provider's. */
export const MAX_ANSWER_BYTES = 512 * 1024;

const NOT_PUBLIC = new BlockList();
// IANA's special-purpose registries (RFC 6890 and its updates). An IPv4-mapped IPv6 address
// (::ffff:a.b.c.d) is matched against the IPv4 ranges by the BlockList itself.
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // Unspecified, loopback and the deprecated IPv4-compatible form (::a.b.c.d).
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Whether the functions may connect to `address`: public unicast, or loopback on the local stage. */
export function reachable(address: string): boolean {
  const family = familyOf(address);
  if (isLocalStage() && LOOPBACK.check(address, family)) return true;
  return isIP(address) !== 0 && !NOT_PUBLIC.check(address, family);
}

/** The URL parsed and its host resolved to addresses that were all checked; throws OutboundRefused. */
export async function checkedDestination(target: string | URL): Promise<{ url: URL; addresses: string[] }> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundRefused('This is not a URL.');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalStage()))
    throw new OutboundRefused(`${url.origin} must use https.`);
  if (url.username || url.password) throw new OutboundRefused(`${url.origin} must not carry a user name or password.`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await dns.lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((one) => one.address),
        () => [],
      );
  if (addresses.length === 0) throw new OutboundRefused(`${url.hostname} could not be found.`);
  if (!addresses.every(reachable))
    throw new OutboundRefused(`${url.hostname} is on a private or reserved network; only public addresses can be reached.`);
  return { url, addresses };
}

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | ReadableStream | null;
  signal?: AbortSignal | undefined;
  /** The whole exchange's time limit; TIME_LIMIT_MS when absent (a webhook's try allows 10 s). */
  timeLimitMs?: number;
  /**
   * The most of the answer read: past it the answer is refused (MAX_ANSWER_BYTES, a document the
   * caller needs whole), or with `cutAnswer` answered with what was read and the connection closed
   * (a webhook's receiver, whose status is what counts and whose body is only shown).
   */
  maxAnswerBytes?: number;
  cutAnswer?: boolean;
}

/**
 * A fetch of a customer-given URL under the rules above: answers the Response (a redirect is answered
 * as it came, never followed), or throws OutboundRefused for a refused address, a late or an oversized answer.
 */
export async function outboundFetch(target: string | URL, init: OutboundRequest = {}): Promise<Response> {
  const timeLimitMs = init.timeLimitMs ?? TIME_LIMIT_MS;
  const maxAnswerBytes = init.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  // The time limit starts before the lookup: a name server that never answers counts against it too.
  const signal = init.signal
    ? AbortSignal.any([init.signal, AbortSignal.timeout(timeLimitMs)])
    : AbortSignal.timeout(timeLimitMs);
  const { url, addresses } = await withinTime(
    checkedDestination(target),
    signal,
    () => new OutboundRefused(`${new URL(target).hostname} could not be found within ${timeLimitMs / 1000} seconds.`),
  );
  // Connect to the checked addresses only, whatever a second lookup would say.
  const pinned: LookupFunction = (_host, options, callback) => {
    const all = addresses.map((address) => ({ address, family: isIP(address) }));
    if (options.all) callback(null, all);
    else callback(null, all[0]!.address, all[0]!.family);
  };
  const body = init.body == null ? undefined : Buffer.from(await new Response(init.body as BodyInit).arrayBuffer());
  return new Promise<Response>((resolve, reject) => {
    const send = url.protocol === 'https:' ? https.request : http.request;
    const request = send(url, { method: init.method ?? 'GET', headers: init.headers, lookup: pinned, signal }, (answer) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const answered = () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers))
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
        const status = answer.statusCode ?? 502;
        // A Response cannot carry a body with these statuses.
        const content = [101, 204, 205, 304].includes(status) ? null : Buffer.concat(chunks);
        resolve(new Response(content, { status, statusText: answer.statusMessage ?? '', headers }));
      };
      answer.on('data', (chunk: Buffer) => {
        if (size + chunk.length > maxAnswerBytes) {
          if (init.cutAnswer) {
            chunks.push(chunk.subarray(0, maxAnswerBytes - size));
            size = maxAnswerBytes;
            answered();
            request.destroy();
            return;
          }
          request.destroy(new OutboundRefused(`${url.hostname} answered more than ${maxAnswerBytes / 1024} KB.`));
          return;
        }
        size += chunk.length;
        chunks.push(chunk);
      });
      answer.on('error', reject);
      answer.on('end', answered);
    });
    request.on('error', (error) =>
      reject(
        error instanceof OutboundRefused
          ? error
          : signal.aborted && !init.signal?.aborted
            ? new OutboundRefused(`${url.hostname} did not answer within ${timeLimitMs / 1000} seconds.`)
            : error,
      ),
    );
    request.end(body);
  });
}

/** The promise's outcome, or `late()` thrown once the signal aborts first. */
function withinTime<T>(work: Promise<T>, signal: AbortSignal, late: () => Error): Promise<T> {
  if (signal.aborted) return Promise.reject(late());
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(late());
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
