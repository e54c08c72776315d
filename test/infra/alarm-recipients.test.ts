import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingAlarmRecipients } from '../../infra/alarm-recipients';
import { stackName, stageConfig, stages } from '../../infra/stages';
import { synthStage } from './synth-stage';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs a TypeScript script of the repository as `npx tsx` does, without npx's own start (a second of CPU here). */
const runScript = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, encoding: 'utf8' });

describe('prod alarms must reach someone (issue 38, item 5)', () => {
  it('refuses a prod deployment without alarm recipients, naming the setting, before anything is built or deployed', () => {
    expect(stages.prod.alarmRecipients).toEqual({ email: null, webhookUrl: null });
    const deploy = runScript('infra/deploy.ts', 'prod');
    expect(deploy.status).toBe(1);
    expect(deploy.stderr).toContain('alarmRecipients.email or alarmRecipients.webhookUrl of stage prod in infra/stages.ts');
  }, 60_000);

  it("refuses the same in the deploy workflow's first check, before any stack is deployed, and lets a stage without alarms through", () => {
    const prod = runScript('infra/require-alarm-recipients.ts', 'prod');
    expect(prod.status).toBe(1);
    expect(prod.stderr).toContain('alarmRecipients.email or alarmRecipients.webhookUrl of stage prod in infra/stages.ts');
    expect(runScript('infra/require-alarm-recipients.ts', 'dev').status).toBe(0);
  }, 60_000);

  it('only warns in cdk synth, so the synthesized template and its checks keep working', () => {
    const assembly = synthStage('prod').app.synth();
    const messages = assembly.getStackByName(stackName('prod')).messages;
    expect(messages.filter((message) => message.level === 'warning').map((message) => String(message.entry.data))).toContainEqual(
      expect.stringContaining('alarmRecipients'),
    );
    expect(messages.filter((message) => message.level === 'error')).toEqual([]);
  });

  it('lets a stage with a recipient, and a stage without alarms, through', () => {
    const prod = stageConfig('prod');
    expect(
      missingAlarmRecipients('prod', { ...prod, alarmRecipients: { email: 'ops@growthwise.example', webhookUrl: null } }),
    ).toBeUndefined();
    expect(
      missingAlarmRecipients('prod', { ...prod, alarmRecipients: { email: null, webhookUrl: 'https://hooks.example/x' } }),
    ).toBeUndefined();
    expect(missingAlarmRecipients('pr-1', stageConfig('pr-1'))).toBeUndefined();
  });
});
