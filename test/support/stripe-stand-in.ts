import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';

/**
 * A small local stand-in for the two Stripe API calls the product makes, answering in Stripe's
 * documented shapes (https://docs.stripe.com/api): retrieve a subscription, create a billing portal
 * session. The `stripe` client is pointed at it with STRIPE_API_HOST/_PORT/_PROTOCOL, so tests never
 * reach the network. Tests arrange what it holds, and read what it was asked, through /__stand-in/.
 */
export interface StripeStandIn {
  url: string;
  /** The secret key it accepts (a test-mode key). */
  secretKey: string;
  /** The environment that points the handlers' Stripe client here. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export async function startStripeStandIn(port: number): Promise<StripeStandIn> {
  const secretKey = `sk_test_standin_${randomBytes(8).toString('hex')}`;
  const subscriptions = new Map<string, unknown>();
  const portalSessions: Record<string, unknown>[] = [];

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendJson(res, 500, { error: { type: 'api_error', message: String(error) } }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body = await readBody(req);
    const [, area, ...rest] = url.pathname.split('/');

    // Arranging and inspecting, for the tests only.
    if (area === '__stand-in') {
      if (rest[0] === 'subscriptions' && rest[1] && req.method === 'PUT') {
        subscriptions.set(decodeURIComponent(rest[1]), JSON.parse(body));
        return sendJson(res, 200, { ok: true });
      }
      if (rest[0] === 'portal-sessions' && req.method === 'GET') return sendJson(res, 200, portalSessions);
      return sendJson(res, 404, { error: 'unknown stand-in path' });
    }

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    if (req.method === 'GET' && area === 'v1' && rest[0] === 'subscriptions' && rest[1]) {
      const id = decodeURIComponent(rest[1]);
      const subscription = subscriptions.get(id);
      if (!subscription)
        return stripeError(res, 404, 'invalid_request_error', `No such subscription: '${id}'`, {
          code: 'resource_missing',
          param: 'id',
        });
      return sendJson(res, 200, subscription);
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const form = new URLSearchParams(body);
      const customer = form.get('customer');
      if (!customer)
        return stripeError(res, 400, 'invalid_request_error', 'Missing required param: customer.', { param: 'customer' });
      const id = `bps_${randomBytes(12).toString('hex')}`;
      const session = {
        id,
        object: 'billing_portal.session',
        configuration: 'bpc_standin',
        created: Math.floor(Date.now() / 1000),
        customer,
        flow: null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: form.get('return_url'),
        url: `https://billing.stripe.com/p/session/test_${id}`,
      };
      portalSessions.push(session);
      return sendJson(res, 200, session);
    }
    return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    stop: () => stopServer(server),
  };
}

function stripeError(res: ServerResponse, status: number, type: string, message: string, extra: Record<string, string> = {}) {
  sendJson(res, status, { error: { type, message, ...extra } });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const data = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(data.length),
    'request-id': `req_${randomBytes(6).toString('hex')}`,
  });
  res.end(data);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function stopServer(server: Server) {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
