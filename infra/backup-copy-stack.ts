import { Stack, type StackProps, Tags } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { copyVaultName, LockedVault } from './constructs/backups';
import type { BackupConfig } from './stages';

interface BackupCopyStackProps extends StackProps {
  stage: string;
  lock: BackupConfig['lock'];
  /** The stage's account, when the vault is in another one: allowed to copy into it, nothing else. */
  copiesFrom?: string;
}

/** The vault a stage's backups are copied into, in the copy region (of the stage's account, or of the other one). */
export class BackupCopyStack extends Stack {
  constructor(scope: Construct, id: string, props: BackupCopyStackProps) {
    super(scope, id, props);
    Tags.of(this).add('project', 'growthwise');
    // The preview boundary denies anything tagged with a protected stage (infra/delivery-stack.ts): previews in the other account cannot touch the copies.
    Tags.of(this).add('stage', props.stage);
    new LockedVault(this, 'Copies', { vaultName: copyVaultName(props.stage), lock: props.lock, copiesFrom: props.copiesFrom });
  }
}
