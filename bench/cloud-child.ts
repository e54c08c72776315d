import { startLocalCloud } from '../infra/local/local-cloud';
import { CLIENT_ADDRESS_HEADER } from './client-addresses';

/**
 * The local cloud in a process of its own, so the memory the load phase samples is the
 * emulator's and the handlers' alone. The parent passes the options as JSON in argv and gets the
 * cloud's address, then one rss sample per second, over IPC.
 */
const options = JSON.parse(process.argv[2] ?? '{}') as { port: number; buildDir: string; webRoot?: string };
const cloud = await startLocalCloud({
  port: options.port,
  inMemory: true,
  buildDir: options.buildDir,
  webRoot: options.webRoot,
  env: { EXPOSE_DB_CALLS: '1', LOG_LEVEL: 'error' },
  // Each phase and client of the bench names its own address, as the test suites' clients do (bench/client-addresses.ts).
  clientAddressHeader: CLIENT_ADDRESS_HEADER,
});

process.send?.({
  kind: 'ready',
  url: cloud.url,
  dynamoDbEndpoint: cloud.dynamoDbEndpoint,
  tableName: cloud.tableName,
  inboxUrl: cloud.inboxUrl,
});
const sampler = setInterval(() => process.send?.({ kind: 'rss', at: Date.now(), rss: process.memoryUsage().rss }), 1000);
// rss also holds heap V8 has not collected yet: the live heap after a full GC tells a leak from that.
// Only while the parent asks (the load phase): a forced full GC stalls every request in flight, so
// it stays out of the latency phases.
const collect = (globalThis as { gc?: () => void }).gc;
let heapSampler: NodeJS.Timeout | undefined;
process.on('message', (message: { kind: string; on: boolean }) => {
  if (message.kind !== 'sample-live-heap') return;
  clearInterval(heapSampler);
  heapSampler = message.on
    ? setInterval(() => {
        collect?.();
        process.send?.({ kind: 'heap', at: Date.now(), rss: process.memoryUsage().heapUsed });
      }, 2000)
    : undefined;
});

const stop = () => {
  clearInterval(sampler);
  clearInterval(heapSampler);
  cloud.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
