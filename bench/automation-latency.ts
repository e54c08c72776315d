import { callApi } from './api-client';
import { SetUpError } from './set-up-checks';
import { percentile, round1 } from './stats';

export interface AutomationFigures {
  /** From sending the status change (PATCH) to the automation's comment listed on the project (ms). */
  samples: number;
  p50: number;
  p95: number;
}

/**
 * Issue 64's row: a change event to its rule's action visible, locally (the table's stream → the
 * local Pipe and queue stand-in → the automations consumer → its comment). One project, one rule
 * ('when the status becomes Completed, comment'); each sample moves the status to Completed and
 * back, timed from the request to the comment listed (polled every 10 ms, so at most that late).
 */
export async function measureAutomationLatency(options: {
  baseUrl: string;
  cookie: string;
  address: string;
  samples: number;
}): Promise<AutomationFigures> {
  const api = <T = any>(path: string, init: { method?: string; body?: unknown } = {}) =>
    callApi<T>(options.baseUrl, path, { ...init, cookie: options.cookie, address: options.address });
  const project = await api<{ id: string }>('/api/projects', { body: { name: 'Bench automations' } });
  if (project.status !== 201) throw new SetUpError(`the bench project answered ${project.status}`);
  const projectId = project.body.id;
  const rule = await api('/api/automations', {
    body: {
      name: 'Bench: comment when completed',
      projectId,
      enabled: true,
      trigger: { type: 'project.status_changed', to: 'completed' },
      actions: [{ type: 'comment', text: 'Completed (bench)' }],
    },
  });
  if (rule.status !== 201) throw new SetUpError(`the bench rule answered ${rule.status}`);
  const comments = async () =>
    ((await api<{ comments: unknown[] }>(`/api/projects/${projectId}/comments`)).body.comments ?? []).length;
  const delays: number[] = [];
  for (let sample = 0; sample < options.samples; sample += 1) {
    const before = await comments();
    const started = performance.now();
    const moved = await api(`/api/projects/${projectId}`, { method: 'PATCH', body: { status: 'completed' } });
    if (moved.status !== 200) throw new SetUpError(`a status change answered ${moved.status}`);
    const deadline = started + 30_000;
    while ((await comments()) <= before) {
      if (performance.now() > deadline) throw new Error('the automation’s comment did not show within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    delays.push(performance.now() - started);
    await api(`/api/projects/${projectId}`, { method: 'PATCH', body: { status: 'in_progress' } });
  }
  return { samples: delays.length, p50: round1(percentile(delays, 50)), p95: round1(percentile(delays, 95)) };
}
