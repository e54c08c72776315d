import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface BenchCloud {
  url: string;
  dynamoDbEndpoint: string;
  tableName: string;
  /** The local inbox (maildev) the cloud's mailer sends to. */
  inboxUrl: string;
  /** The emulator process's rss samples (one a second) since `since`. */
  rssSince: (since: number) => { at: number; rss: number }[];
  /** The emulator's heapUsed right after a full GC, every 2 s while sampling is on (same shape as rss samples). */
  liveHeapSince: (since: number) => { at: number; rss: number }[];
  /** Starts or stops the forced-GC heap sampling (it stalls requests, so only during the load phase). */
  sampleLiveHeap: (on: boolean) => void;
  stop: () => Promise<void>;
}

/** Starts bench/cloud-child.ts (the in-memory local cloud) in its own Node process. */
export async function startBenchCloud(options: {
  port: number;
  buildDir: string;
  webRoot?: string;
  env: Record<string, string>;
}): Promise<BenchCloud> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'cloud-child.ts'), [JSON.stringify(options)], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const samples: { at: number; rss: number }[] = [];
  const heapSamples: { at: number; rss: number }[] = [];
  // Read from /proc by this process, so a busy emulator (its event loop full) still gets sampled
  // every second; the same figure as its process.memoryUsage().rss, which it sends where /proc is missing.
  const procRss = () => {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      return kb ? Number(kb) * 1024 : undefined;
    } catch {
      return undefined;
    }
  };
  const procReadable = procRss() !== undefined;
  const sampler = setInterval(() => {
    const rss = procRss();
    if (rss !== undefined) samples.push({ at: Date.now(), rss });
  }, 1000);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ url: string; dynamoDbEndpoint: string; tableName: string; inboxUrl: string }>(
    (resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the bench cloud exited (${code}) before it was ready`)));
      child.on(
        'message',
        (message: {
          kind: string;
          at: number;
          rss: number;
          url: string;
          dynamoDbEndpoint: string;
          tableName: string;
          inboxUrl: string;
        }) => {
          if (message.kind === 'ready') resolve(message);
          if (message.kind === 'rss' && !procReadable) samples.push({ at: message.at, rss: message.rss });
          if (message.kind === 'heap') heapSamples.push({ at: message.at, rss: message.rss });
        },
      );
    },
  );
  return {
    ...ready,
    rssSince: (since) => samples.filter((sample) => sample.at >= since),
    liveHeapSince: (since) => heapSamples.filter((sample) => sample.at >= since),
    sampleLiveHeap: (on) => child.send({ kind: 'sample-live-heap', on }),
    stop: async () => {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
