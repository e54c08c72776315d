import { NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { stackName } from '../../infra/stages';
import { synthStage } from './synth-stage';

/** CloudFormation's limits a template (docs/decisions/117): resources, parameters and outputs. */
const LIMITS = { resources: 500, parameters: 200, outputs: 200 };
/** What a stack keeps free for the next features' resources, parameters and outputs. */
const ROOM = 0.1;

const sizeOf = (template: Template) => {
  const json = template.toJSON() as Record<string, Record<string, unknown> | undefined>;
  return {
    resources: Object.keys(json.Resources ?? {}).length,
    parameters: Object.keys(json.Parameters ?? {}).length,
    outputs: Object.keys(json.Outputs ?? {}).length,
  };
};

describe("each stage's stacks fit CloudFormation's limits with room for the next features (docs/decisions/117)", () => {
  for (const name of ['prod', 'pr-1']) {
    const { app } = synthStage(name);
    const stacks = app.node
      .findAll()
      .filter((construct): construct is Stack => Stack.isStack(construct))
      .filter(
        (stack) =>
          stack.stackName === stackName(name) ||
          (NestedStack.isNestedStack(stack) && stack.node.path.startsWith(stackName(name))),
      );

    it(`${name}: the stage's stack and its nested stacks each hold at most 90 % of a template's resources, parameters and outputs`, () => {
      expect(stacks.length).toBeGreaterThanOrEqual(2);
      for (const stack of stacks) {
        const size = sizeOf(Template.fromStack(stack));
        for (const limit of Object.keys(LIMITS) as (keyof typeof LIMITS)[])
          expect(size[limit], `${stack.node.path}: ${limit}`).toBeLessThanOrEqual(LIMITS[limit] * (1 - ROOM));
      }
    });
  }
});
