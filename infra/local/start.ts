import path from 'node:path';
import { parseArgs } from 'node:util';
import { PrerequisiteError, checkPrerequisites } from './prerequisites';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * `npm start`: the whole product on http://localhost:$PORT (default 3000).
 * `npm start -- --in-memory`: on an empty in-memory DynamoDB Local.
 * `npm start -- --source-maps`: also serves the web build's source maps (off by default, as in the cloud).
 * `npm start -- --sso-demo`: also a local identity provider and DNS server to try single sign-on with (infra/local/sso-demo.ts).
 * `npm run dev`: the same API behind Vite's dev server with hot reload.
 * Prerequisites are checked first; a problem ends the process with one sentence, never a stack trace.
 */
try {
  await main();
} catch (error) {
  console.error(
    error instanceof PrerequisiteError
      ? error.message
      : `Growthwise could not start: ${firstLine(error)} (\`npm start -- --in-memory\` starts on empty data; \`rm -rf .data\` deletes the local data).`,
  );
  process.exit(1);
}

async function main() {
  const { values } = parseArgs({
    options: {
      'in-memory': { type: 'boolean', default: false },
      port: { type: 'string' },
      dev: { type: 'boolean', default: false },
      // The end-to-end tests: each simulated client names its own address (EmulatorOptions.clientAddressHeader).
      'client-address-header': { type: 'string' },
      // The end-to-end tests: where they reach DynamoDB Local to seed data the API would take minutes to make.
      'dynamodb-port': { type: 'string' },
      /** Where persistent data lives (default .data/). */
      'data-dir': { type: 'string' },
      'source-maps': { type: 'boolean', default: false },
      'sso-demo': { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new PrerequisiteError(
      `"${values.port ?? process.env.PORT}" is not a port number: choose one between 1024 and 65535, e.g. \`PORT=4000 npm start\`.`,
    );
  }
  const inMemory = values['in-memory'];
  /** The local inbox's ports: 1025 (SMTP) and 1080 (web) unless taken (then free ones) or chosen otherwise. */
  const mail = { smtpPort: Number(process.env.MAIL_SMTP_PORT ?? 1025), uiPort: Number(process.env.MAIL_UI_PORT ?? 1080) };
  const dataDir = path.resolve(values['data-dir'] ?? path.join(PROJECT_ROOT, '.data'));
  const started = performance.now();
  await checkPrerequisites({ port, dataDir: inMemory ? undefined : dataDir });
  // Loaded after the checks: Vite, esbuild and the SDK take seconds to import, a refusal should not.
  const [{ startLocalCloud }, { freePort }, { WEB_DIR, WEB_DIST, buildWebIfStale }] = await Promise.all([
    import('./local-cloud'),
    import('./free-port'),
    import('./web-build'),
  ]);

  // Before the functions start: they read DNS_SERVERS, which the demo points at its own DNS server.
  const ssoDemo = values['sso-demo']
    ? await (await import('./sso-demo')).startSsoDemo([`http://localhost:${port}`, `http://127.0.0.1:${port}`])
    : undefined;
  const stopDemo = async () => ssoDemo?.stop();

  if (values.dev) {
    const apiPort = await freePort();
    const cloud = await startLocalCloud({
      port: apiPort,
      inMemory,
      dailyJobs: !inMemory,
      dataDir,
      extraOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
      siteUrl: `http://localhost:${port}`,
      mail,
    });
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: WEB_DIR,
      configFile: `${WEB_DIR}/vite.config.ts`,
      server: { port, strictPort: true, proxy: { '/api': { target: cloud.url, changeOrigin: false } } },
    });
    await vite.listen();
    console.log(
      `Growthwise (dev) is running at http://localhost:${port} (ready in ${Math.round(performance.now() - started)} ms)`,
    );
    console.log(`Mail inbox (every mail the app sends): ${cloud.inboxUrl}`);
    for (const line of ssoDemo?.instructions(`http://localhost:${port}`) ?? []) console.log(line);
    stopOnSignal(async () => {
      await vite.close();
      await cloud.stop();
      await stopDemo();
    });
  } else {
    const web = await buildWebIfStale();
    // The daily jobs run on the data kept between starts; the in-memory runs (the end-to-end tests) go without.
    const dynamoDbPort = values['dynamodb-port'] === undefined ? undefined : Number(values['dynamodb-port']);
    const cloud = await startLocalCloud({
      port,
      inMemory,
      dailyJobs: !inMemory,
      dataDir,
      webRoot: WEB_DIST,
      mail,
      clientAddressHeader: values['client-address-header'],
      serveSourceMaps: values['source-maps'],
      dynamoDbPort,
    });
    console.log(
      `Growthwise is running at ${cloud.url} (${inMemory ? 'in-memory data' : `data in ${path.relative(process.cwd(), dataDir) || dataDir}/`}; web ${web}; ready in ${Math.round(performance.now() - started)} ms)`,
    );
    console.log(`Mail inbox (every mail the app sends): ${cloud.inboxUrl}`);
    for (const line of ssoDemo?.instructions(cloud.url) ?? []) console.log(line);
    stopOnSignal(async () => {
      await cloud.stop();
      await stopDemo();
    });
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}

function stopOnSignal(stop: () => Promise<void>) {
  let stopping = false;
  const handle = () => {
    if (stopping) return;
    stopping = true;
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Growthwise did not stop cleanly: ${firstLine(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}
