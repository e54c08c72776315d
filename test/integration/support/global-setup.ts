import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../../infra/local/free-port';
import { startLocalCloud } from '../../../infra/local/local-cloud';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    dynamoDbEndpoint: string;
    tableName: string;
  }
}

/** One in-memory local cloud on free ports for the whole integration run, stopped afterwards. */
export default async function setup(project: TestProject) {
  const buildDir = await mkdtemp(path.join(os.tmpdir(), 'growthwise-functions-'));
  const cloud = await startLocalCloud({
    port: await freePort(),
    inMemory: true,
    buildDir,
    env: { EXPOSE_DB_CALLS: '1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' },
  });
  project.provide('apiUrl', cloud.url);
  project.provide('dynamoDbEndpoint', cloud.dynamoDbEndpoint);
  project.provide('tableName', cloud.tableName);
  return async () => {
    await cloud.stop();
    await rm(buildDir, { recursive: true, force: true });
  };
}
