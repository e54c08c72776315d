import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePorts } from './free-port';

const listenOn = (port: number) =>
  new Promise<() => Promise<void>>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, () => resolve(() => new Promise((closed) => server.close(() => closed()))));
  });

describe('freePorts', () => {
  it("answers the first of a run of free ports, all below Linux's ephemeral range (32768–60999)", async () => {
    for (let round = 0; round < 20; round += 1) {
      const first = await freePorts(7);
      expect(first).toBeGreaterThanOrEqual(20_000);
      expect(first + 6).toBeLessThan(32_768);
    }
    const first = await freePorts(7);
    const closers = await Promise.all(Array.from({ length: 7 }, (_, index) => listenOn(first + index)));
    await Promise.all(closers.map((close) => close()));
  });
});
