import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port';

const START = path.join(import.meta.dirname, 'start.ts');
const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs `npm start`'s script as a newcomer would, and reads what it says and how it exits. */
function runStart(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', START, ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env },
      stdio: 'pipe',
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A check that does not fire lets the whole local cloud start: stop it and fail on the output.
    const timer = setTimeout(() => child.kill('SIGTERM'), 45_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.trim() });
    });
  });
}

/** One sentence on stderr: no stack frames, no Node error dump. */
function expectOneClearSentence(output: string) {
  expect(output.split('\n'), output).toHaveLength(1);
  expect(output).not.toMatch(/\n\s+at |node:internal|ENOENT|Error:/);
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'growthwise-start-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('npm start checks its prerequisites before starting anything', () => {
  it('without Java on the PATH: says so with the apt, brew and winget commands, and exits 1', async () => {
    const emptyPath = path.join(scratch, 'no-java');
    await mkdir(emptyPath);
    const { code, output } = await runStart(['--in-memory', '--port', String(await freePort())], { PATH: emptyPath });
    expect(code).toBe(1);
    expectOneClearSentence(output);
    expect(output).toMatch(/needs Java 17 or newer and no `java` was found on your PATH/);
    for (const command of [
      'sudo apt-get install openjdk-17-jre-headless',
      'brew install openjdk@17',
      'winget install Microsoft.OpenJDK.17',
    ])
      expect(output).toContain(command);
  }, 60_000);

  it.runIf(process.platform !== 'win32')(
    'with a Java older than 17: names the version found and how to install a newer one',
    async () => {
      const oldJava = path.join(scratch, 'old-java');
      await mkdir(oldJava);
      await writeFile(path.join(oldJava, 'java'), '#!/bin/sh\necho \'openjdk version "11.0.21" 2023-10-17\' >&2\n');
      await chmod(path.join(oldJava, 'java'), 0o755);
      const { code, output } = await runStart(['--in-memory', '--port', String(await freePort())], { PATH: oldJava });
      expect(code).toBe(1);
      expectOneClearSentence(output);
      expect(output).toMatch(/needs Java 17 or newer and your PATH has Java 11/);
      expect(output).toContain('brew install openjdk@17');
    },
    60_000,
  );

  it('with the port in use: names the port and how to choose another, and exits 1', async () => {
    const port = await freePort();
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(port, resolve));
    try {
      const { code, output } = await runStart(['--in-memory'], { PORT: String(port) });
      expect(code).toBe(1);
      expectOneClearSentence(output);
      expect(output).toContain(`Port ${port} is already in use`);
      expect(output).toContain(`PORT=${port + 1} npm start`);
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  }, 60_000);

  it('with a damaged local database: says how to start fresh, and exits 1', async () => {
    const dataDir = path.join(scratch, 'data');
    await mkdir(path.join(dataDir, 'dynamodb'), { recursive: true });
    await writeFile(path.join(dataDir, 'dynamodb', 'shared-local-instance.db'), 'not a database at all, half a write');
    const { code, output } = await runStart(['--data-dir', dataDir, '--port', String(await freePort())], {});
    expect(code).toBe(1);
    expectOneClearSentence(output);
    expect(output).toMatch(/shared-local-instance\.db is damaged/);
    expect(output).toContain('rm -rf');
    expect(output).toContain('npm start -- --in-memory');
  }, 60_000);
});
