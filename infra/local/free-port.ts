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
export const freePort = () => freePorts(1);

/** The first of `count` consecutive TCP ports that were all free a moment ago. */
export async function freePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const first = FIRST_PORT + Math.floor(Math.random() * (LAST_PORT - FIRST_PORT + 2 - count));
    let free = true;
    for (let port = first; free && port < first + count; port += 1) free = await isFree(port);
    if (free) return first;
  }
  throw new Error(`No ${count} free ports in a row between ${FIRST_PORT} and ${LAST_PORT}`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
