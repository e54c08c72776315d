import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmulator } from './emulator';

const webRoot = mkdtempSync(path.join(tmpdir(), 'growthwise-web-'));
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'assets', 'app.js'), 'console.log(1)\n//# sourceMappingURL=app.js.map');
writeFileSync(path.join(webRoot, 'assets', 'app.js.map'), '{"version":3,"sources":["secret-source.ts"]}');

async function serving(serveSourceMaps: boolean | undefined) {
  const server = createEmulator({ routes: [], handlers: new Map(), webRoot, serveSourceMaps });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (file: string) => fetch(`${base}/assets/${file}`).then((response) => response.status);
}
const servers: ReturnType<typeof createEmulator>[] = [];

afterAll(async () => {
  // fetch keeps its connections alive, and the emulator keeps idle ones for 65 s: close them first.
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("the local emulator's web build", () => {
  it('keeps the source maps to itself by default, as the cloud does, and serves the scripts', async () => {
    const status = await serving(undefined);
    expect(await status('app.js')).toBe(200);
    expect(await status('app.js.map')).toBe(404);
  });

  it('serves them when asked (npm start -- --source-maps)', async () => {
    const status = await serving(true);
    expect(await status('app.js.map')).toBe(200);
  });
});
