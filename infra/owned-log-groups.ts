import { CfnResource, type RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';

/**
 * Gives every Lambda function in the stack that has no log group of its own one that the stack
 * creates, with a retention, and removes with it. CDK's own singleton handlers (the bucket
 * auto-delete provider) otherwise log to a group Lambda creates on first use and nobody deletes.
 */
export function giveEveryFunctionALogGroup(stack: Stack, options: { retention: RetentionDays; removalPolicy: RemovalPolicy }) {
  for (const resource of cfnResources(stack)) {
    if (resource.cfnResourceType !== 'AWS::Lambda::Function') continue;
    if (resource instanceof CfnFunction && resource.loggingConfig) continue;
    const owner = resource.node.scope ?? stack;
    const logGroup = new LogGroup(owner, `${resource.node.id}LogGroup`, options);
    resource.addPropertyOverride('LoggingConfig', { LogGroup: logGroup.logGroupName, LogFormat: 'Text' });
  }
}

function cfnResources(root: IConstruct): CfnResource[] {
  return root.node.findAll().filter((child): child is CfnResource => CfnResource.isCfnResource(child));
}
