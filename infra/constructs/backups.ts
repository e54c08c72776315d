import { Aws, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault, type IBackupVault } from 'aws-cdk-lib/aws-backup';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { AccountPrincipal, PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import type { BackupConfig } from '../stages';

/** The vault a stage's backups are kept in; its copies go to vaults of the same name plus this suffix. */
export const backupVaultName = (stage: string) => `growthwise-${stage}`;
export const copyVaultName = (stage: string) => `growthwise-${stage}-copies`;

/** Where a stage's copies go: the copy region of the stage's account, and of the other account where one is named. */
export interface CopyDestination {
  /** Null: the stage's own account. */
  account: string | null;
  region: string;
}

interface LockedVaultProps {
  vaultName: string;
  lock: BackupConfig['lock'];
  /** Another account allowed to copy its backups into this vault. */
  copiesFrom?: string;
}

/**
 * A vault with a KMS key of its own (a key nobody else uses: its key policy is the vault's alone) and,
 * where the stage locks it, a vault lock that after its grace days no one (root included) can lift.
 */
export class LockedVault extends Construct {
  readonly vault: BackupVault;

  constructor(scope: Construct, id: string, props: LockedVaultProps) {
    super(scope, id);
    const key = new Key(this, 'Key', {
      description: `Growthwise: encrypts the backups in ${props.vaultName}`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.vault = new BackupVault(this, 'Vault', {
      backupVaultName: props.vaultName,
      encryptionKey: key,
      removalPolicy: RemovalPolicy.RETAIN,
      lockConfiguration: props.lock
        ? {
            minRetention: Duration.days(props.lock.minRetentionDays),
            maxRetention: Duration.days(props.lock.maxRetentionDays),
            changeableFor: Duration.days(props.lock.changeableForDays),
          }
        : undefined,
      accessPolicy: props.copiesFrom
        ? new PolicyDocument({
            statements: [
              new PolicyStatement({
                actions: ['backup:CopyIntoBackupVault'],
                principals: [new AccountPrincipal(props.copiesFrom)],
                resources: ['*'],
              }),
            ],
          })
        : undefined,
    });
  }
}

interface BackupsProps {
  stage: string;
  config: BackupConfig;
  /** The data that cannot be rebuilt from code. */
  table: ITable;
  destinations: CopyDestination[];
}

/** The stage's backup plan: a weekly backup into its own locked vault, each copied to every destination. */
export class Backups extends Construct {
  readonly vault: BackupVault;
  readonly plan: BackupPlan;

  constructor(scope: Construct, id: string, props: BackupsProps) {
    super(scope, id);
    const { config } = props;
    this.vault = new LockedVault(this, 'Vault', { vaultName: backupVaultName(props.stage), lock: config.lock }).vault;
    const copyVault = (destination: CopyDestination, index: number): IBackupVault =>
      BackupVault.fromBackupVaultArn(
        this,
        `CopyVault${index}`,
        `arn:${Aws.PARTITION}:backup:${destination.region}:${destination.account ?? Stack.of(this).account}:backup-vault:${copyVaultName(props.stage)}`,
      );
    this.plan = new BackupPlan(this, 'Plan', {
      backupPlanName: `growthwise-${props.stage}`,
      backupVault: this.vault,
      backupPlanRules: [
        new BackupPlanRule({
          ruleName: 'table',
          // 03:00 UTC on the week's quietest day: off the working hours of the product's first markets.
          scheduleExpression: Schedule.cron({ minute: '0', hour: '3', weekDay: config.weekDay }),
          startWindow: Duration.hours(1),
          completionWindow: Duration.hours(8),
          deleteAfter: Duration.days(config.retentionDays),
          copyActions: props.destinations.map((destination, index) => ({
            destinationBackupVault: copyVault(destination, index),
            deleteAfter: Duration.days(config.copyRetentionDays),
          })),
        }),
      ],
    });
    const selection = this.plan.addSelection('Table', { resources: [BackupResource.fromDynamoDbTable(props.table)] });
    for (const policy of ['AWSBackupServiceRolePolicyForBackup', 'AWSBackupServiceRolePolicyForRestores']) {
      Validations.of(selection).acknowledge({
        id: `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/${policy}]`,
        reason:
          "AWS Backup's own role, with the policies AWS Backup documents for it: they follow the services it backs up and restores.",
      });
    }
  }
}
