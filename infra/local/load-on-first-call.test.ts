import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOnFirstCall } from './load-on-first-call';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A bundle whose import takes `importMs` and whose handler answers the remaining time it was given. */
async function slowBundle(importMs: number) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'growthwise-cold-start-'));
  dirs.push(dir);
  const file = path.join(dir, 'index.mjs');
  await writeFile(
    file,
    `await new Promise((resolve) => setTimeout(resolve, ${importMs}));\nexport const handler = async (_event, context) => ({ statusCode: 200, body: String(context.getRemainingTimeInMillis()) });\n`,
  );
  return file;
}

const contextWith = (remainingMs: number) => {
  const started = Date.now();
  return { awsRequestId: 'test', getRemainingTimeInMillis: () => remainingMs - (Date.now() - started) } as unknown as Context;
};

describe('a handler loaded on its first call', () => {
  it('is given its whole time after a slow import, as Lambda times an invocation from the end of its init', async () => {
    const handler = loadOnFirstCall(await slowBundle(600));
    const answer = await handler({} as APIGatewayProxyEventV2, contextWith(10_000));
    expect(Number(answer.body)).toBeGreaterThan(9_800);
  });

  it('imports once: a second call finds it loaded, and the time runs while the handler works', async () => {
    const file = await slowBundle(300);
    const handler = loadOnFirstCall(file);
    const [first, second] = await Promise.all([
      handler({} as APIGatewayProxyEventV2, contextWith(10_000)),
      handler({} as APIGatewayProxyEventV2, contextWith(5_000)),
    ]);
    expect(Number(first.body)).toBeGreaterThan(9_800);
    expect(Number(second.body)).toBeLessThanOrEqual(5_000);
    expect(Number(second.body)).toBeGreaterThan(4_800);
  });

  it('calls a scheduled function, which has no context, with none', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'growthwise-cold-start-'));
    dirs.push(dir);
    const file = path.join(dir, 'index.mjs');
    await writeFile(
      file,
      'export const handler = async (_event, context) => ({ statusCode: 200, body: String(context === undefined) });\n',
    );
    expect((await loadOnFirstCall(file)({} as APIGatewayProxyEventV2, undefined as unknown as Context)).body).toBe('true');
  });
});
