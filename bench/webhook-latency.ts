import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callApi } from './api-client';
import { SetUpError } from './set-up-checks';
import { percentile, round1 } from './stats';

export interface WebhookFigures {
  /** From sending a status change (PATCH) to its signed `project.updated` arriving at a receiver on this machine (ms). */
  samples: number;
  p50: number;
  p95: number;
}

/**
 * Issue 65's row: a change event to its webhook delivered, locally (the table's stream → the local
 * Pipe and queue stand-in → the webhooks consumer → an HTTP POST to a receiver on 127.0.0.1, which
 * the local stage allows). Each sample moves one project's status and waits for its delivery.
 */
export async function measureWebhookLatency(options: {
  baseUrl: string;
  cookie: string;
  address: string;
  password: string;
  samples: number;
}): Promise<WebhookFigures> {
  const api = <T = any>(path: string, init: { method?: string; body?: unknown } = {}) =>
    callApi<T>(options.baseUrl, path, { ...init, cookie: options.cookie, address: options.address });
  const arrivals: { at: number; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      arrivals.push({ at: performance.now(), body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = receiver.address() as AddressInfo;
    if ((await api('/api/user/step-up', { body: { password: options.password } })).status !== 204)
      throw new SetUpError('the bench admin could not step up');
    const webhook = await api('/api/organization/webhooks', {
      body: { url: `http://127.0.0.1:${port}/bench`, events: ['project.updated'], description: 'Bench' },
    });
    if (webhook.status !== 201) throw new SetUpError(`the bench webhook answered ${webhook.status}`);
    const project = await api<{ id: string }>('/api/projects', { body: { name: 'Bench webhooks' } });
    if (project.status !== 201) throw new SetUpError(`the bench project answered ${project.status}`);
    const delays: number[] = [];
    const statuses = ['in_progress', 'planning'] as const;
    for (let sample = 0; sample < options.samples; sample += 1) {
      const before = arrivals.length;
      const started = performance.now();
      const moved = await api(`/api/projects/${project.body.id}`, { method: 'PATCH', body: { status: statuses[sample % 2] } });
      if (moved.status !== 200) throw new SetUpError(`a status change answered ${moved.status}`);
      const deadline = started + 30_000;
      while (arrivals.length <= before) {
        if (performance.now() > deadline) throw new Error('the webhook delivery did not arrive within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      delays.push(arrivals[before]!.at - started);
    }
    return { samples: delays.length, p50: round1(percentile(delays, 50)), p95: round1(percentile(delays, 95)) };
  } finally {
    receiver.close();
  }
}
