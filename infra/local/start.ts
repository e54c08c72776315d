import { parseArgs } from 'node:util';
import { createServer } from 'vite';
import { startLocalCloud } from './local-cloud';
import { freePort } from './free-port';
import { WEB_DIR, WEB_DIST, buildWebIfStale } from './web-build';

/**
 * `npm start`: the whole product on http://localhost:$PORT (default 3000).
 * `npm start -- --in-memory`: on an empty in-memory DynamoDB Local.
 * `npm run dev`: the same API behind Vite's dev server with hot reload.
 */
const { values } = parseArgs({
  options: {
    'in-memory': { type: 'boolean', default: false },
    port: { type: 'string' },
    dev: { type: 'boolean', default: false },
  },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const started = performance.now();

if (values.dev) {
  const apiPort = await freePort();
  const cloud = await startLocalCloud({ port: apiPort, inMemory: values['in-memory'], extraOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`] });
  const vite = await createServer({
    root: WEB_DIR,
    configFile: `${WEB_DIR}/vite.config.ts`,
    server: { port, strictPort: true, proxy: { '/api': { target: cloud.url, changeOrigin: false } } },
  });
  await vite.listen();
  console.log(`Growthwise (dev) is running at http://localhost:${port} (ready in ${Math.round(performance.now() - started)} ms)`);
  stopOnSignal(async () => {
    await vite.close();
    await cloud.stop();
  });
} else {
  const web = await buildWebIfStale();
  const cloud = await startLocalCloud({ port, inMemory: values['in-memory'], webRoot: WEB_DIST });
  console.log(`Growthwise is running at ${cloud.url} (${values['in-memory'] ? 'in-memory data' : 'data in .data/'}; web ${web}; ready in ${Math.round(performance.now() - started)} ms)`);
  stopOnSignal(cloud.stop);
}

function stopOnSignal(stop: () => Promise<void>) {
  let stopping = false;
  const handle = () => {
    if (stopping) return;
    stopping = true;
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}
