import { describe, expect, it } from 'vitest';
import { dbTimeOf } from '../../bench/cold-start';

const probeOutput = (...lines: object[]) => ['', ...lines.map((line) => JSON.stringify(line))];

describe("the cold-start probe's DynamoDB time", () => {
  it("is the dbMs of the handler's request line, not of its metrics line or the probe's own figures", () => {
    const lines = probeOutput(
      { _aws: { CloudWatchMetrics: [] }, dbMs: 99, ColdStart: 1 },
      { level: 'INFO', message: 'request', route: 'DELETE /api/organization/users/{userId}', dbCalls: 4, dbMs: 41.3 },
      { status: 200, importMs: 60, requestMs: 70, cpuMs: 120, importedAtUs: 1 },
    );
    expect(dbTimeOf(lines)).toBe(41.3);
  });

  it("is read from a 500's line too", () => {
    expect(dbTimeOf(probeOutput({ level: 'ERROR', message: 'request failed', dbMs: 12.5 }, { status: 500 }))).toBe(12.5);
  });

  it('is unknown when the handler wrote no request line', () => {
    expect(dbTimeOf(probeOutput({ status: 200, importMs: 60, requestMs: 70, cpuMs: 120 }))).toBeUndefined();
  });
});
