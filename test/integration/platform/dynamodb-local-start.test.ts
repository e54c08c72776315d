import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { startDynamoDbLocal } from '../../../infra/local/dynamodb-local';

/** The variables a process was started with, from /proc (Linux, as CI and this machine are). */
async function environmentOf(pid: number) {
  const raw = await readFile(`/proc/${pid}/environ`, 'utf8');
  return new Map(
    raw
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

describe('DynamoDB Local as every local cloud and test run starts it', () => {
  it('runs on Java’s client compiler with one GC thread, and sends no telemetry (docs/decisions/029, 076)', async () => {
    const database = await startDynamoDbLocal({});
    try {
      const environment = await environmentOf(database.pid);
      expect(environment.get('DDB_LOCAL_TELEMETRY')).toBe('0');
      expect(environment.get('JDK_JAVA_OPTIONS')).toContain('-XX:TieredStopAtLevel=1 -XX:+UseSerialGC');
    } finally {
      await database.stop();
    }
    // This process's own environment is as it was: only the child was given them.
    expect(process.env.DDB_LOCAL_TELEMETRY).toBeUndefined();
  });

  it('an integration half’s database, under heavy use, runs on Java’s full compiler with one GC thread (docs/decisions/082)', async () => {
    const database = await startDynamoDbLocal({ workload: 'heavy' });
    try {
      const environment = await environmentOf(database.pid);
      expect(environment.get('DDB_LOCAL_TELEMETRY')).toBe('0');
      expect(environment.get('JDK_JAVA_OPTIONS')).toContain('-XX:+UseSerialGC');
      expect(environment.get('JDK_JAVA_OPTIONS')).not.toContain('TieredStopAtLevel');
    } finally {
      await database.stop();
    }
  });
});
