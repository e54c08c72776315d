/**
 * Prod's CloudFormation stack policy: any update may go through except one that would replace or
 * delete the table (a replacement would start prod on an empty table; the old one would be kept only
 * because of RETAIN). `npx tsx infra/stack-policy.ts` prints it; the deploy workflow applies it with
 * `aws cloudformation set-stack-policy` before and after every prod deployment.
 */
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { CfnTable } from 'aws-cdk-lib/aws-dynamodb';
import { buildApp } from './app';
import { stackName } from './stages';

interface StackPolicy {
  Statement: { Effect: 'Allow' | 'Deny'; Principal: '*'; Action: string | string[]; Resource: string }[];
}

export function protectTable(tableLogicalId: string): StackPolicy {
  return {
    Statement: [
      { Effect: 'Allow', Principal: '*', Action: 'Update:*', Resource: '*' },
      {
        Effect: 'Deny',
        Principal: '*',
        Action: ['Update:Replace', 'Update:Delete'],
        Resource: `LogicalResourceId/${tableLogicalId}`,
      },
    ],
  };
}

/** The logical id of a stage's table, from a synthesis without bundling. */
export function tableLogicalId(stage: string): string {
  const app = buildApp(
    new App({ builtinCloudFormationValidation: false, context: { stage, 'aws:cdk:bundling-stacks': [] } }),
    null,
  );
  const stack = app.node.findChild(stackName(stage));
  const tables = stack.node.findAll().filter((child): child is CfnTable => child instanceof CfnTable);
  if (tables.length !== 1) throw new Error(`Expected one table in ${stackName(stage)}, found ${tables.length}`);
  return Stack.of(tables[0]!).getLogicalId(tables[0]!);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(JSON.stringify(protectTable(tableLogicalId('prod')), null, 2));
}
