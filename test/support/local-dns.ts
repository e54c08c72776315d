import { type IncomingMessage, createServer } from 'node:http';
import dns2 from 'dns2';

/**
 * A local DNS server (dns2) for the verified-domain tests: the functions look TXT records up through
 * it (DNS_SERVERS), so a test publishes a record as an admin would at their DNS host, and nothing
 * reaches the internet. Tests arrange records through a small HTTP port:
 * PUT /txt/<name> with a JSON array of values (or `{"rcode": 2}` to make the server fail for that
 * name), DELETE /txt/<name> to remove them. Any other name does not exist (NXDOMAIN).
 */
export interface LocalDns {
  /** The value of DNS_SERVERS that points a resolver here: `127.0.0.1:<port>`. */
  servers: string;
  /** Where tests arrange records. */
  controlUrl: string;
  stop: () => Promise<void>;
}

const NXDOMAIN = 3;

type Zone = Map<string, string[] | { rcode: number }>;

/** On the ports given (the end-to-end run's, chosen before the app starts), or on free ones. */
export async function startLocalDns(ports: { dns?: number; control?: number } = {}): Promise<LocalDns> {
  const zone: Zone = new Map();
  const { Packet } = dns2;
  const dns = dns2.createServer({
    udp: { type: 'udp4' },
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const held = question ? zone.get(question.name.toLowerCase()) : undefined;
      if (!question || held === undefined) response.header.rcode = NXDOMAIN;
      else if (!Array.isArray(held)) response.header.rcode = held.rcode;
      else if (question.type === Packet.TYPE.TXT) {
        for (const value of held)
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 0, data: value });
      }
      send(response);
    },
  });
  const { udp } = await dns.listen({ udp: { port: ports.dns ?? 0, address: '127.0.0.1' } });
  const control = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '').replace(/^\/txt\//, '')).toLowerCase();
    void readBody(req).then((body) => {
      if (req.method === 'PUT') zone.set(name, JSON.parse(body) as string[] | { rcode: number });
      else if (req.method === 'DELETE') zone.delete(name);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => control.listen(ports.control ?? 0, '127.0.0.1', resolve));
  const address = control.address();
  if (!udp || !address || typeof address !== 'object') throw new Error('the local DNS server did not start');
  return {
    servers: `127.0.0.1:${udp.port}`,
    controlUrl: `http://127.0.0.1:${address.port}`,
    stop: async () => {
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await dns.close();
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
