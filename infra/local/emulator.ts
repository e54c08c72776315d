import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { HANDLER_TIMEOUT_SECONDS, type RouteDefinition } from '../../functions/routes';
import { SECURITY_HEADERS, withSecurityHeaders } from '../web/security-headers';
import { rewriteSpaPath } from '../web/spa-fallback';
import { chooseEncoding, compressedFile } from './static-compression';

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

interface EmulatorOptions {
  routes: readonly RouteDefinition[];
  /** Handler name (route table) → the bundled handler function. */
  handlers: Map<string, LambdaHandler>;
  /** The built SPA; without one only /api is served. */
  webRoot?: string;
  /**
   * A header that names the client's address, as a proxy in front sets it (X-Forwarded-For): the
   * tests give each simulated client an address of its own, so per-address limits apply per client.
   * Without it the address is the connection's, as it is for `npm start`.
   */
  clientAddressHeader?: string;
  /**
   * Serve the web build's source maps (`npm start -- --source-maps`). Off by default, as in the cloud
   * (they stay out of the bucket): they would hand anyone the app's original source.
   */
  serveSourceMaps?: boolean;
}

/** API Gateway HTTP APIs accept payloads up to 10 MB; the handlers enforce their own, smaller limit. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml|javascript)|text\/)/i;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
}

/**
 * The local stand-in for CloudFront + API Gateway: /api requests become HTTP API payload 2.0
 * events for the handler the route table names; everything else is the built SPA with the same
 * fallback, compression and security headers CloudFront applies.
 */
export function createEmulator(options: EmulatorOptions): Server {
  const compiled = options.routes.map(compileRoute);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // CloudFront refuses a path whose percent-encoding is malformed; so does the emulator, before routing.
    if (!isWellEncoded(url.pathname)) {
      req.resume();
      return sendJson(res, 400, { message: 'Malformed path encoding' });
    }
    const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
    const work = isApi ? serveApi(req, res, url, compiled, options) : serveStatic(req, res, url, options);
    work.catch((error: unknown) => {
      console.error(JSON.stringify({ level: 'error', source: 'emulator', error: String((error as Error)?.stack ?? error) }));
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      else res.end();
    });
  });
  // Node closes an idle kept-alive connection after 5 s (and a second's grace); a client sending on it then
  // gets ECONNRESET, and a POST is not retried. Clients reuse connections far longer (a browser, the
  // tests' request contexts), so the emulator keeps them as a load balancer would.
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
  server.on('clientError', answerUnreadableRequest);
  return server;
}

/**
 * A request Node cannot read (a request line and headers over its 16 KB, a malformed line) is answered
 * by Node itself with an empty text body; API Gateway answers such a request in JSON like any refusal,
 * and so does the emulator.
 */
function answerUnreadableRequest(error: NodeJS.ErrnoException, socket: Duplex) {
  if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'Request header fields too large']
      : [400, 'Bad Request', 'Bad request'];
  const body = JSON.stringify({ message });
  const headers = Object.entries({
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n${headers.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`,
  );
}

/** How long the emulator keeps an idle connection open (an ALB's default is 60 s). */
const IDLE_CONNECTION_MS = 65_000;

function isWellEncoded(pathname: string) {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function compileRoute(route: RouteDefinition): CompiledRoute {
  const names: string[] = [];
  const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${source}$`), names };
}

async function serveApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  compiled: CompiledRoute[],
  options: EmulatorOptions,
) {
  const method = (req.method ?? 'GET').toUpperCase();
  let match: { entry: CompiledRoute; values: string[] } | undefined;
  for (const entry of compiled) {
    if (entry.route.method !== method) continue;
    const found = entry.pattern.exec(url.pathname);
    if (found) {
      match = { entry, values: found.slice(1) };
      break;
    }
  }
  if (!match) {
    req.resume();
    return sendJson(res, 404, { message: 'Not found' });
  }
  const handler = options.handlers.get(match.entry.route.handler);
  if (!handler) throw new Error(`No bundle for ${match.entry.route.handler}`);

  const body = await readBody(req);
  if (body === undefined) return sendJson(res, 413, { message: 'Request body is too large' });

  const requestId = randomUUID();
  const event = toEvent(req, url, match.entry, match.values, body, requestId, clientAddress(req, options.clientAddressHeader));
  const started = Date.now();
  const context = {
    awsRequestId: requestId,
    functionName: match.entry.route.handler,
    // The cloud function's own limit (infra/constructs/api.ts), not API Gateway's 29 s: a handler then
    // answers a hung database with 503 locally when it would in the cloud (define-route.ts).
    getRemainingTimeInMillis: () => HANDLER_TIMEOUT_SECONDS * 1000 - (Date.now() - started),
  } as unknown as Context;
  const result = await handler(event, context);
  writeResult(res, result);
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_PAYLOAD_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A malformed escape ('%', '%zz') is passed on as sent, never a 500: the route answers it as any unknown id. */
function decodePath(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  entry: CompiledRoute,
  values: string[],
  body: Buffer,
  requestId: string,
  sourceIp: string,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const cookieHeader = req.headers.cookie;
  const cookies = cookieHeader
    ? cookieHeader
        .split(';')
        .map((pair) => pair.trim())
        .filter(Boolean)
    : undefined;
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = query[name] ? `${query[name]},${value}` : value;
  const pathParameters = Object.fromEntries(entry.names.map((name, i) => [name, decodePath(values[i] ?? '')]));
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const now = new Date();
  const routeKey = `${entry.route.method} ${entry.route.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(entry.names.length ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: entry.route.method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !isText,
  };
}

const normalizeIp = (address: string | undefined) => (address ?? '127.0.0.1').replace(/^::ffff:/, '');

function clientAddress(req: IncomingMessage, header: string | undefined) {
  const named = header ? req.headers[header.toLowerCase()] : undefined;
  const first = (Array.isArray(named) ? named[0] : named)?.split(',')[0]?.trim();
  return first || normalizeIp(req.socket.remoteAddress);
}

function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2) {
  // CloudFront's response headers policy applies to /api answers too (overriding the origin's).
  const headers: Record<string, string | string[]> = withSecurityHeaders(result.headers as Record<string, string> | undefined);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  headers['content-length'] = String(body.length);
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const data = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(data.length),
    'cache-control': 'no-store',
    'x-request-id': randomUUID(),
    ...SECURITY_HEADERS,
  });
  res.end(data);
}

async function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, { webRoot, serveSourceMaps }: EmulatorOptions) {
  if (!webRoot) return sendJson(res, 404, { message: 'Not found' });
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', ...SECURITY_HEADERS });
    return res.end();
  }
  const uri = rewriteSpaPath(decodePath(url.pathname), url.searchParams.get('tab') ?? undefined);
  const file = path.join(webRoot, path.normalize(uri).replace(/^([/\\])+/, ''));
  if (!file.startsWith(webRoot) || (file.endsWith('.map') && !serveSourceMaps)) return notFound(res);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return notFound(res);
  const contentType = MIME[path.extname(file)] ?? 'application/octet-stream';
  const encoding = chooseEncoding(req.headers['accept-encoding'], contentType, info.size);
  const body = encoding ? await compressedFile(file, info.mtimeMs, encoding) : undefined;
  res.writeHead(200, {
    'content-type': contentType,
    'content-length': String(body?.length ?? info.size),
    ...(encoding ? { 'content-encoding': encoding } : {}),
    vary: 'Accept-Encoding',
    // Hashed build assets never change; everything else is revalidated (as the S3 deployment sets).
    'cache-control': uri.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...SECURITY_HEADERS,
  });
  if (req.method === 'HEAD') return res.end();
  if (body) res.end(body);
  else createReadStream(file).pipe(res);
}

function notFound(res: ServerResponse) {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
  res.end('Not found');
}
