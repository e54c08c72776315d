import { CfnResource, type Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { CfnPolicy, Effect, PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { AUDIT_PARTITION_PREFIX } from '../functions/db/keys';

/**
 * The audit log is write-once (docs/decisions/016b): one policy, put on every role in the stack (so
 * on every function's, CDK's own handlers included), denies changing or deleting any item whose
 * partition key begins with `AUDIT#`. A Deny wins over every Allow, so no grant added later
 * (grantReadWriteData, a wider statement) can undo it. Entries are only ever Put, on condition that
 * they do not exist yet. An inline policy (iam:PutRolePolicy), not a managed one: a preview's
 * deployment may not create managed policies (infra/delivery-stack.ts). Called last, once every role exists.
 */
export function denyAuditLogChanges(stack: Stack, table: ITable) {
  const roles = stack.node
    .findAll()
    .filter((child): child is CfnResource => CfnResource.isCfnResource(child) && child.cfnResourceType === 'AWS::IAM::Role')
    .map((role) => role.ref);
  new CfnPolicy(stack, 'AuditLogWriteOnce', {
    policyName: 'AuditLogWriteOnce',
    roles,
    policyDocument: new PolicyDocument({
      statements: [
        new PolicyStatement({
          sid: 'AuditEntriesAreWriteOnce',
          effect: Effect.DENY,
          actions: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
          resources: [table.tableArn],
          conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [`${AUDIT_PARTITION_PREFIX}*`] } },
        }),
        // PartiQL statements carry no leading-key condition; nothing here uses them.
        new PolicyStatement({
          sid: 'NoPartiQLChanges',
          effect: Effect.DENY,
          actions: ['dynamodb:PartiQLUpdate', 'dynamodb:PartiQLDelete'],
          resources: [table.tableArn],
        }),
      ],
    }),
  });
}
