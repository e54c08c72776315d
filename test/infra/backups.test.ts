import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { backupCopyStackName, buildApp, offsiteCopyStackName } from '../../infra/app';
import { stages } from '../../infra/stages';
import { ofType, synthStage } from './synth-stage';

const backup = stages.prod.backup;
const PROD_ACCOUNT = '111111111111';
const PREVIEW_ACCOUNT = '222222222222';

/** Prod in the two-account layout (ACCOUNTS named apart), as `cdk synth -c stage=prod` builds it there. */
function twoAccountProd() {
  const app = buildApp(
    new App({ builtinCloudFormationValidation: false, context: { stage: 'prod', 'aws:cdk:bundling-stacks': [] } }),
    null,
    { prod: PROD_ACCOUNT, preview: PREVIEW_ACCOUNT },
  );
  const assembly = app.synth();
  const stack = (name: string) => assembly.getStackByName(name);
  return { assembly, stack, template: (name: string) => Template.fromJSON(stack(name).template as Record<string, unknown>) };
}

interface PlanRule {
  ScheduleExpression: string;
  Lifecycle: unknown;
  TargetBackupVault: unknown;
  CopyActions: { DestinationBackupVaultArn: unknown; Lifecycle: unknown }[];
}

/** The one rule of the stage's one backup plan. */
function planRule(template: Template): PlanRule {
  const plans = ofType(template, 'AWS::Backup::BackupPlan');
  expect(plans).toHaveLength(1);
  const rules = (plans[0]![1].Properties!.BackupPlan as { BackupPlanRule: PlanRule[] }).BackupPlanRule;
  expect(rules).toHaveLength(1);
  return rules[0]!;
}

describe('prod backups: a plan, a locked vault of its own key, copies to a second region and account', () => {
  const { stage } = synthStage('prod');

  it('keeps at most a few full copies: point-in-time recovery in the region, a weekly backup kept a week, four weekly copies in the second region', () => {
    expect(stages.prod.rules.pointInTimeRecovery).toBe(true);
    // Backups alive at once: the region's (one, two while a new one is made) and the copies' (one a week they are kept).
    const copiesAlive = Math.ceil(backup.retentionDays / 7) + 1 + Math.ceil(backup.copyRetentionDays / 7);
    expect(copiesAlive).toBeLessThanOrEqual(6);
    expect(backup.retentionDays).toBeGreaterThanOrEqual(backup.lock.minRetentionDays);
  });

  it('backs the table up on the schedule and retention infra/stages.ts gives prod, into a vault with its own KMS key and a lock', () => {
    const rule = planRule(stage);
    expect(rule.ScheduleExpression).toBe(`cron(0 3 ? * ${backup.weekDay} *)`);
    expect(rule.Lifecycle).toEqual({ DeleteAfterDays: backup.retentionDays });

    const selections = ofType(stage, 'AWS::Backup::BackupSelection');
    expect(selections).toHaveLength(1);
    const selection = selections[0]![1];
    const [tableId] = ofType(stage, 'AWS::DynamoDB::Table').map(([id]) => id);
    expect(JSON.stringify(selection.Properties)).toContain(`"${tableId}"`);

    const vaults = ofType(stage, 'AWS::Backup::BackupVault');
    expect(vaults).toHaveLength(1);
    const [vaultId, vault] = vaults[0]!;
    expect(JSON.stringify(rule.TargetBackupVault)).toContain(vaultId);
    expect(vault.DeletionPolicy).toBe('Retain');
    expect(vault.Properties!.LockConfiguration).toEqual({
      MinRetentionDays: backup.lock.minRetentionDays,
      MaxRetentionDays: backup.lock.maxRetentionDays,
      ChangeableForDays: backup.lock.changeableForDays,
    });
    const keyId = (vault.Properties!.EncryptionKeyArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const key = ofType(stage, 'AWS::KMS::Key').find(([id]) => id === keyId)?.[1];
    expect(key?.Properties!.EnableKeyRotation).toBe(true);
    // Its own key: no other resource of the stage is encrypted with it.
    const users = Object.entries(stage.toJSON().Resources as Record<string, unknown>).filter(
      ([id, resource]) => id !== vaultId && JSON.stringify(resource).includes(`"${keyId}"`),
    );
    expect(users.map(([id]) => id).filter((id) => !id.startsWith(keyId))).toEqual([]);
  });

  it("copies every backup to the copy region's vault, kept copyRetentionDays, and keeps the two-factor key's secret there too", () => {
    const copies = planRule(stage).CopyActions;
    // The one-account layout: the second region only.
    expect(copies).toHaveLength(1);
    expect(JSON.stringify(copies[0]!.DestinationBackupVaultArn)).toContain(`:backup:${backup.copyRegion}:`);
    expect(JSON.stringify(copies[0]!.DestinationBackupVaultArn)).toContain(':backup-vault:growthwise-prod-copies');
    expect(copies[0]!.Lifecycle).toEqual({ DeleteAfterDays: backup.copyRetentionDays });

    const replicated = ofType(stage, 'AWS::SecretsManager::Secret').filter(([, secret]) => secret.Properties!.ReplicaRegions);
    expect(replicated.map(([id]) => id)).toEqual([expect.stringMatching(/MfaEncryptionSecret/)]);
    expect(replicated[0]![1].Properties!.ReplicaRegions).toEqual([{ Region: backup.copyRegion }]);
  });

  it('two accounts: copies go to the copy region of both, into locked vaults of their own key; the other account lets prod copy in and nothing more', () => {
    const { stack, template } = twoAccountProd();
    const prod = template('Growthwise-prod');
    const targets = planRule(prod).CopyActions.map((copy) => JSON.stringify(copy.DestinationBackupVaultArn));
    expect(targets).toHaveLength(2);
    expect(targets[0]).toContain(`:backup:${backup.copyRegion}:`);
    expect(targets[1]).toContain(`:backup:${backup.copyRegion}:${PREVIEW_ACCOUNT}:backup-vault:growthwise-prod-copies`);

    for (const [name, account] of [
      [backupCopyStackName('prod'), PROD_ACCOUNT],
      [offsiteCopyStackName('prod'), PREVIEW_ACCOUNT],
    ] as const) {
      expect(stack(name).environment).toMatchObject({ account, region: backup.copyRegion });
      const copies = template(name);
      const vaults = ofType(copies, 'AWS::Backup::BackupVault');
      expect(vaults).toHaveLength(1);
      const vault = vaults[0]![1];
      expect(vault.Properties!.BackupVaultName).toBe('growthwise-prod-copies');
      expect(vault.Properties!.LockConfiguration).toMatchObject({ MinRetentionDays: backup.lock.minRetentionDays });
      expect(ofType(copies, 'AWS::KMS::Key')).toHaveLength(1);
      // Tagged with the stage: the preview boundary keeps previews in the other account away from it.
      expect(vault.Properties!.BackupVaultTags).toMatchObject({ stage: 'prod' });
    }
    const [offsite] = ofType(template(offsiteCopyStackName('prod')), 'AWS::Backup::BackupVault');
    const policy = offsite![1].Properties!.AccessPolicy as { Statement: { Action: string; Principal: unknown }[] };
    expect(policy.Statement).toHaveLength(1);
    expect(policy.Statement[0]!.Action).toBe('backup:CopyIntoBackupVault');
    expect(JSON.stringify(policy.Statement[0]!.Principal)).toContain(PROD_ACCOUNT);
  });

  it('synthesis refuses a copy region that is the region being deployed to', () => {
    const before = process.env.CDK_DEFAULT_REGION;
    process.env.CDK_DEFAULT_REGION = backup.copyRegion;
    try {
      expect(() => buildApp(new App({ context: { stage: 'prod', 'aws:cdk:bundling-stacks': [] } }), null)).toThrow(
        /backup\.copyRegion .* choose another region/,
      );
    } finally {
      if (before === undefined) delete process.env.CDK_DEFAULT_REGION;
      else process.env.CDK_DEFAULT_REGION = before;
    }
  });

  it('previews and dev have no backups: their data goes with the stack', () => {
    for (const name of ['dev', 'pr-1']) expect(ofType(synthStage(name).stage, 'AWS::Backup::BackupPlan'), name).toHaveLength(0);
  });
});
