import { createServer } from 'node:net';

/**
 * Listeners take ports below Linux's ephemeral range (32768–60999), which outgoing connections draw
 * their source ports from: a port the OS picked with listen(0) is in that range, and one of the
 * thousands of connections to DynamoDB Local could take it before the server listened (EADDRINUSE,
 * seen with two integration processes side by side).
 */
const FIRST_PORT = 20_000;
const LAST_PORT = 32_767;

/** A TCP port that was free a moment ago, on every address (IPv4 and IPv6, as the servers listen). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = FIRST_PORT + Math.floor(Math.random() * (LAST_PORT - FIRST_PORT + 1));
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port between ${FIRST_PORT} and ${LAST_PORT}`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
