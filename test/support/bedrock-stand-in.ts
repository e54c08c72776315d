import { type IncomingMessage, type ServerResponse, createServer as createHttp1Server } from 'node:http';
import { type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session, createServer } from 'node:http2';

/**
 * A local stand-in of the Bedrock Runtime endpoint's Converse operation (`POST /model/{modelId}/converse`),
 * answering in its documented shape (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html).
 * It is not Bedrock: it writes no text of a model. It proves what the cloud path sends (the handlers'
 * client is pointed here with BEDROCK_RUNTIME_ENDPOINT) and how it answers Bedrock's faults. Tests read
 * what it was sent, and arrange the next answer's fault, through /__stand-in/. It speaks HTTP/2 in
 * clear text, as the client does (Bedrock Runtime's client sends over HTTP/2 by default).
 */
export interface BedrockStandIn {
  /** The Bedrock Runtime endpoint (HTTP/2 in clear text). */
  url: string;
  /** Where tests read what was sent and arrange faults (HTTP/1.1, which fetch speaks). */
  controlUrl: string;
  /** The model id the handlers are configured with. */
  modelId: string;
  /** The environment that makes the handlers use Bedrock, here. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/** What one Converse call carried: the path's model id, its JSON body, and whether it was signed. */
export interface ConverseSent {
  modelId: string;
  body: {
    system?: { text: string }[];
    messages?: { role: string; content: { text: string }[] }[];
    inferenceConfig?: { maxTokens?: number; temperature?: number };
    guardrailConfig?: { guardrailIdentifier: string; guardrailVersion: string };
  };
  signed: boolean;
}

/** A fault the next call answers: Bedrock's HTTP status and error type (x-amzn-ErrorType). */
export interface StandInFault {
  status: number;
  type: string;
}

export const STAND_IN_MODEL_ID = 'anthropic.claude-3-haiku-20240307-v1:0';
export const STAND_IN_TEXT = 'Stand-in text: what the stand-in answers, not a model.';

export async function startBedrockStandIn(port: number, controlPort: number): Promise<BedrockStandIn> {
  const sent: ConverseSent[] = [];
  let fault: StandInFault | undefined;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendJson(res, 500, { message: String(error) }));
  });
  const control = createHttp1Server((req, res) => {
    arrange(req, res).catch((error: unknown) => sendJson(res, 500, { message: String(error) }));
  });

  async function arrange(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body = await readBody(req);
    if (url.pathname === '/__stand-in/sent' && req.method === 'GET') return sendJson(res, 200, sent);
    if (url.pathname === '/__stand-in/sent' && req.method === 'DELETE') {
      sent.length = 0;
      return sendJson(res, 200, { ok: true });
    }
    if (url.pathname === '/__stand-in/fault' && req.method === 'PUT') {
      fault = JSON.parse(body) as StandInFault;
      return sendJson(res, 200, { ok: true });
    }
    return sendJson(res, 404, { message: 'unknown stand-in path' });
  }

  async function handle(req: Http2ServerRequest, res: Http2ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body = await readBody(req);
    const converse = /^\/model\/([^/]+)\/converse$/.exec(url.pathname);
    if (!converse || req.method !== 'POST') return sendJson(res, 404, { message: 'not a Converse call' });
    sent.push({
      modelId: decodeURIComponent(converse[1]!),
      body: JSON.parse(body) as ConverseSent['body'],
      signed: String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256'),
    });
    if (fault) {
      const { status, type } = fault;
      fault = undefined;
      res.setHeader('x-amzn-ErrorType', type);
      return sendJson(res, status, { message: `stand-in ${type}` });
    }
    return sendJson(res, 200, {
      output: { message: { role: 'assistant', content: [{ text: STAND_IN_TEXT }] } },
      stopReason: 'end_turn',
      usage: { inputTokens: 120, outputTokens: 30, totalTokens: 150 },
      metrics: { latencyMs: 1 },
    });
  }

  // The client keeps its HTTP/2 session open: stopping ends them, or close() would wait for them.
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    modelId: STAND_IN_MODEL_ID,
    env: {
      BEDROCK_RUNTIME_ENDPOINT: url,
      ASSISTANT_MODEL_ID: STAND_IN_MODEL_ID,
      ASSISTANT_GUARDRAIL_ID: 'gr-standin',
      ASSISTANT_GUARDRAIL_VERSION: '1',
    },
    stop: () => {
      for (const session of sessions) session.destroy();
      return Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        new Promise<void>((resolve) => control.close(() => resolve())),
      ]).then(() => undefined);
    },
  };
}

function readBody(req: Http2ServerRequest | IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: Http2ServerResponse | ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
