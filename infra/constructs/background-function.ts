import path from 'node:path';
import { type Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { NODEJS_BUNDLING } from './nodejs-bundling';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

interface BackgroundFunctionProps {
  /** The handler's source (infra/local/build-functions.ts names it for the local cloud too). */
  entry: string;
  description: string;
  timeout: Duration;
  environment: Record<string, string>;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
  /** A role other functions of its kind share (the change bus's consumers: each role counts against the account's quota). */
  role?: Role;
}

/**
 * A function no route invokes (a stream consumer, a scheduled job), bundled as every handler is,
 * with its log group and a role of its own that may only write those logs: the caller adds what it
 * needs. Built into the caller's scope as 'Logs', 'Role' and 'Function', so the caller's resources keep their ids.
 */
export function backgroundFunction(scope: Construct, props: BackgroundFunctionProps) {
  const logGroup = new LogGroup(scope, 'Logs', { retention: props.logRetention, removalPolicy: props.removalPolicy });
  const role = props.role ?? new Role(scope, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  logGroup.grantWrite(role);
  const fn = new NodejsFunction(scope, 'Function', {
    description: props.description,
    entry: props.entry,
    handler: 'handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: 512,
    timeout: props.timeout,
    role,
    logGroup,
    projectRoot: PROJECT_ROOT,
    depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
    bundling: NODEJS_BUNDLING,
    environment: props.environment,
  });
  Validations.of(fn).acknowledge({
    id: 'AwsSolutions-L1',
    reason:
      'Node.js 22 on purpose, as every handler (infra/constructs/api.ts): bundled for node20 so the local cloud runs the same bundle.',
  });
  return { function: fn, role };
}
