import { afterEach, describe, expect, it } from 'vitest';
import { dbCallsExposed } from './local-stage';

const saved = { STAGE: process.env.STAGE, EXPOSE_DB_CALLS: process.env.EXPOSE_DB_CALLS };
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe("an answer's x-db-* headers", () => {
  it('are given in the local stage when EXPOSE_DB_CALLS is 1', () => {
    Object.assign(process.env, { STAGE: 'local', EXPOSE_DB_CALLS: '1' });
    expect(dbCallsExposed()).toBe(true);
  });

  it.each(['prod', 'dev', 'pr-7'])('are never given in the %s stage, whatever its environment says', (stage) => {
    Object.assign(process.env, { STAGE: stage, EXPOSE_DB_CALLS: '1' });
    expect(dbCallsExposed()).toBe(false);
  });
});
