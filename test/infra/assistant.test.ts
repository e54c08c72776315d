import { describe, expect, it } from 'vitest';
import { invokesModel, routes } from '../../functions/routes';
import { stageConfig } from '../../infra/stages';
import { ofType, synthStage } from './synth-stage';

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

/** The assistant in the cloud (decision 116): a Guardrail, and Bedrock access only for the two model routes, only to the stage's model. */
describe('the assistant’s model in the stack', () => {
  const { stage } = synthStage('prod');
  const modelId = stageConfig('prod').assistant!.modelId;
  const functions = ofType(stage, 'AWS::Lambda::Function');
  const policies = ofType(stage, 'AWS::IAM::Policy');
  const statementsOf = (roleId: string): Statement[] =>
    policies
      .filter(([, policy]) => JSON.stringify(policy.Properties!.Roles).includes(`"${roleId}"`))
      .flatMap(([, policy]) => (policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
  const roleOf = (fn: { Properties?: Record<string, unknown> }) =>
    (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const routeOf = (fn: { Properties?: Record<string, unknown> }) =>
    routes.find((route) => fn.Properties?.Description === `${route.method} ${route.path}`);
  const actions = (statement: Statement) => [statement.Action].flat();

  it('has one guardrail that blocks prompt attacks on input, and a fixed version of it', () => {
    const guardrails = ofType(stage, 'AWS::Bedrock::Guardrail');
    expect(guardrails).toHaveLength(1);
    const filters = (
      guardrails[0]![1].Properties!.ContentPolicyConfig as { FiltersConfig: { Type: string; InputStrength: string }[] }
    ).FiltersConfig;
    expect(filters).toContainEqual(expect.objectContaining({ Type: 'PROMPT_ATTACK', InputStrength: 'HIGH' }));
    expect(ofType(stage, 'AWS::Bedrock::GuardrailVersion')).toHaveLength(1);
  });

  it('lets only the two model routes invoke the model, the stage’s model alone, with the guardrail named in their environment', () => {
    const invoking: string[] = [];
    for (const [, fn] of functions) {
      const route = routeOf(fn);
      if (!route) continue;
      const bedrock = statementsOf(roleOf(fn)).filter((statement) => actions(statement).some((a) => a.startsWith('bedrock:')));
      if (bedrock.length === 0) {
        expect(
          (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.ASSISTANT_MODEL_ID,
        ).toBeUndefined();
        continue;
      }
      invoking.push(route.handler);
      expect(bedrock.flatMap(actions).sort()).toEqual(['bedrock:ApplyGuardrail', 'bedrock:InvokeModel']);
      const invoke = bedrock.find((statement) => actions(statement).includes('bedrock:InvokeModel'))!;
      expect(JSON.stringify(invoke.Resource)).toContain(`foundation-model/${modelId}`);
      expect(JSON.stringify(invoke.Resource)).not.toContain('*');
      const variables = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.ASSISTANT_MODEL_ID).toBe(modelId);
      expect(variables.ASSISTANT_GUARDRAIL_ID).toBeDefined();
      expect(variables.ASSISTANT_GUARDRAIL_VERSION).toBeDefined();
    }
    expect(invoking.sort()).toEqual(
      routes
        .filter(invokesModel)
        .map((route) => route.handler)
        .sort(),
    );
  });

  it('gives a preview no model, no guardrail and no Bedrock access (its texts are the local rules’), and dev the model', () => {
    const preview = synthStage('pr-1').stage;
    expect(ofType(preview, 'AWS::Bedrock::Guardrail')).toHaveLength(0);
    expect(JSON.stringify(ofType(preview, 'AWS::IAM::Policy'))).not.toContain('bedrock:');
    expect(stageConfig('dev').assistant).toEqual(stageConfig('prod').assistant);
  });
});
