/**
 * The daily preview sweep (.github/workflows/preview-cleanup.yml): deletes every preview stack
 * (Growthwise-pr-<n>) whose pull request is closed, including stacks stuck in a failed state.
 * `npx tsx infra/preview-sweep.ts` with the preview role's AWS credentials, GITHUB_REPOSITORY,
 * GH_TOKEN and PREVIEW_EXECUTION_ROLE_ARN (the CloudFormation role that may delete previews).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export interface StackSummary {
  name: string;
  status: string;
}

/** What asking GitHub about a pull request answered: its state, or that the question failed. */
export type PullRequestAnswer = { state: 'open' | 'closed' } | { error: string };

type SweepDecision = { action: 'delete' | 'keep' | 'skip'; reason: string };

/** Every state a stack can rest in (not one in progress): what the sweep lists. */
const RESTING_STATES = [
  'CREATE_COMPLETE',
  'CREATE_FAILED',
  'ROLLBACK_COMPLETE',
  'ROLLBACK_FAILED',
  'UPDATE_COMPLETE',
  'UPDATE_ROLLBACK_COMPLETE',
  'UPDATE_ROLLBACK_FAILED',
  'DELETE_FAILED',
  'IMPORT_COMPLETE',
  'IMPORT_ROLLBACK_COMPLETE',
  'IMPORT_ROLLBACK_FAILED',
] as const;

const PREVIEW_STACK = /^Growthwise-pr-([1-9][0-9]*)$/;

/** The pull request a preview stack belongs to, or undefined for any other stack. */
export function pullRequestOf(stackName: string): number | undefined {
  const match = PREVIEW_STACK.exec(stackName);
  return match ? Number(match[1]) : undefined;
}

/**
 * Deletes only on a definite answer that the pull request is closed: an error from GitHub (rate
 * limit, outage, a token without access, a number it cannot find) keeps the stack until tomorrow.
 */
export function decide(stack: StackSummary, answer: PullRequestAnswer): SweepDecision {
  if (!(RESTING_STATES as readonly string[]).includes(stack.status))
    return { action: 'skip', reason: `${stack.status}: an operation is in progress` };
  if ('error' in answer) return { action: 'skip', reason: `could not ask about its pull request (${answer.error})` };
  if (answer.state === 'open') return { action: 'keep', reason: 'its pull request is open' };
  return { action: 'delete', reason: `its pull request is closed (stack ${stack.status})` };
}

interface SweepClients {
  listStacks(): Promise<StackSummary[]>;
  pullRequest(number: number): Promise<PullRequestAnswer>;
  deleteStack(name: string): Promise<void>;
  log(line: string): void;
}

/** Decides for every preview stack and deletes the closed ones; answers the names it deleted and the ones that failed. */
export async function sweep(clients: SweepClients): Promise<{ deleted: string[]; failed: string[] }> {
  const deleted: string[] = [];
  const failed: string[] = [];
  for (const stack of await clients.listStacks()) {
    const number = pullRequestOf(stack.name);
    if (number === undefined) continue;
    const decision = decide(stack, await clients.pullRequest(number));
    clients.log(`${stack.name}: ${decision.action}, ${decision.reason}`);
    if (decision.action !== 'delete') continue;
    try {
      await clients.deleteStack(stack.name);
      deleted.push(stack.name);
    } catch (error) {
      clients.log(`::warning::${stack.name} did not delete (${(error as Error).message}); retried tomorrow`);
      failed.push(stack.name);
    }
  }
  return { deleted, failed };
}

const run = promisify(execFile);

/** The AWS CLI and GitHub's REST API, as the workflow has them. */
function liveClients(env: NodeJS.ProcessEnv): SweepClients {
  const repository = required(env, 'GITHUB_REPOSITORY');
  const token = required(env, 'GH_TOKEN');
  const executionRole = required(env, 'PREVIEW_EXECUTION_ROLE_ARN');
  const aws = async (...args: string[]) =>
    (await run('aws', [...args, '--output', 'json'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  return {
    async listStacks() {
      const out = await aws(
        'cloudformation',
        'list-stacks',
        '--stack-status-filter',
        ...RESTING_STATES,
        '--query',
        'StackSummaries[].[StackName,StackStatus]',
      );
      return (JSON.parse(out) as [string, string][]).map(([name, status]) => ({ name, status }));
    },
    async pullRequest(number) {
      try {
        const response = await fetch(`https://api.github.com/repos/${repository}/pulls/${number}`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json' },
        });
        if (!response.ok) return { error: `GitHub answered ${response.status}` };
        const { state } = (await response.json()) as { state?: unknown };
        return state === 'open' || state === 'closed' ? { state } : { error: `unexpected state ${String(state)}` };
      } catch (error) {
        return { error: (error as Error).message };
      }
    },
    async deleteStack(name) {
      // The preview bootstrap's execution role deletes (the caller's own role may not touch the resources).
      await aws('cloudformation', 'delete-stack', '--stack-name', name, '--role-arn', executionRole);
      await aws('cloudformation', 'wait', 'stack-delete-complete', '--stack-name', name);
    },
    log: (line) => console.log(line),
  };
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { deleted, failed } = await sweep(liveClients(process.env));
  console.log(`Deleted ${deleted.length} preview(s)${failed.length ? `; ${failed.length} failed: ${failed.join(', ')}` : ''}`);
}
