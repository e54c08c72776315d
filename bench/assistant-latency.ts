import { callApi } from './api-client';
import { SetUpError } from './set-up-checks';
import { percentile, round1 } from './stats';

export interface AssistantFigures {
  samples: number;
  /** POST /api/projects/{id}/summary with the local provider (the bench's cloud names no model), p50 (ms). */
  summaryLocalP50: number;
  /** GET /api/dashboard/recommendations p50 (ms) at the small and the large organization, and how many projects each holds. */
  recommendations: { smallProjects: number; smallP50: number; largeProjects: number; largeP50: number; ratio: number };
}

/** An organization the bench signed in to, and its size. */
interface Organization {
  cookie: string;
  projects: number;
  projectId?: string;
}

/**
 * Issue 67's rows: a summary's round trip with the local provider (its reads, the allowance's write,
 * the rules' text), and the recommendations at a small and a large organization, alternated so both
 * see the same moment's machine: the goal is the large one's p50 within 1.3 × the small one's (their
 * reads are bounded, docs/decisions/116). A summary counts against the organization's daily allowance
 * (200): the samples stay below it.
 */
export async function measureAssistantLatency(options: {
  baseUrl: string;
  address: string;
  main: Organization & { projectId: string };
  small: Organization;
  large: Organization;
  samples: number;
}): Promise<AssistantFigures> {
  const timed = async (cookie: string, path: string, method: 'GET' | 'POST') => {
    const started = performance.now();
    const response = await callApi(options.baseUrl, path, { method, cookie, address: options.address });
    if (response.status !== 200) throw new SetUpError(`${method} ${path} answered ${response.status}`);
    return performance.now() - started;
  };
  const summary = `/api/projects/${options.main.projectId}/summary`;
  const recommendations = '/api/dashboard/recommendations';
  // Warm each route's function first: a first request is a cold start of its own.
  await timed(options.main.cookie, summary, 'POST');
  await timed(options.small.cookie, recommendations, 'GET');
  const summaries: number[] = [];
  const small: number[] = [];
  const large: number[] = [];
  for (let sample = 0; sample < options.samples; sample += 1) {
    summaries.push(await timed(options.main.cookie, summary, 'POST'));
    small.push(await timed(options.small.cookie, recommendations, 'GET'));
    large.push(await timed(options.large.cookie, recommendations, 'GET'));
  }
  const smallP50 = round1(percentile(small, 50));
  const largeP50 = round1(percentile(large, 50));
  return {
    samples: options.samples,
    summaryLocalP50: round1(percentile(summaries, 50)),
    recommendations: {
      smallProjects: options.small.projects,
      smallP50,
      largeProjects: options.large.projects,
      largeP50,
      ratio: Math.round((largeP50 / smallP50) * 100) / 100,
    },
  };
}
