import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../infra/local/free-port';
import { startLocalCloud } from '../../../infra/local/local-cloud';

const temp: string[] = [];
const tempDir = async (label: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `growthwise-${label}-`));
  temp.push(dir);
  return dir;
};
afterAll(() => Promise.all(temp.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('the local cloud', () => {
  it('keeps data across restarts: a second start finds the same user and the same session', async () => {
    const dataDir = await tempDir('data');
    const email = `persist-${Date.now()}@example.com`;
    // Each start bundles into its own folder, so this process imports fresh handler modules.
    const first = await startLocalCloud({
      port: await freePort(),
      inMemory: false,
      dataDir,
      buildDir: await tempDir('build'),
      env: { LOG_LEVEL: 'silent', POWERTOOLS_METRICS_DISABLED: 'true', SESSION_SECRET: '' },
    });
    let cookie: string;
    try {
      // The first write to a new on-disk database on a crowded machine once outlasted the handler's 10 s and
      // was answered 503, as it should be (CI, 2026-11-27). What this test checks is what a restart keeps, so
      // a first registration, whatever its answer, warms the handler and the new database before the one it checks.
      await fetch(`${first.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `warm-${email}`,
          password: 'secret-one-1',
          fullName: 'Warm Up',
          organizationName: 'Warm Inc',
        }),
      });
      const registered = await fetch(`${first.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: email,
          password: 'secret-one-1',
          fullName: 'Per Sistent',
          organizationName: 'Durable Inc',
        }),
      });
      expect(registered.status).toBe(201);
      cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
    } finally {
      await first.stop();
    }

    const second = await startLocalCloud({
      port: await freePort(),
      inMemory: false,
      dataDir,
      buildDir: await tempDir('build'),
      env: { LOG_LEVEL: 'silent', POWERTOOLS_METRICS_DISABLED: 'true' },
    });
    try {
      const me = await fetch(`${second.url}/api/user`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { roles: { role: string }[] }).roles[0]!.role).toBe('admin');
      const login = await fetch(`${second.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password: 'secret-one-1' }),
      });
      expect(login.status).toBe(200);
    } finally {
      await second.stop();
    }
  }, 240_000);
});
