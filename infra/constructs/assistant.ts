import { ArnFormat, Stack } from 'aws-cdk-lib';
import { CfnGuardrail, CfnGuardrailVersion } from 'aws-cdk-lib/aws-bedrock';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { GUARDRAIL_STOPPED } from '../../functions/assistant/messages';

interface AssistantProps {
  stage: string;
  /** The stage's Bedrock model (infra/stages.ts). */
  modelId: string;
}

/** The filters every text the assistant is sent and writes passes through: a prompt attack is blocked on input. */
const FILTERS: CfnGuardrail.ContentFilterConfigProperty[] = [
  { type: 'PROMPT_ATTACK', inputStrength: 'HIGH', outputStrength: 'NONE' },
  ...(['HATE', 'INSULTS', 'SEXUAL', 'VIOLENCE', 'MISCONDUCT'] as const).map((type) => ({
    type,
    inputStrength: 'MEDIUM',
    outputStrength: 'MEDIUM',
  })),
];

/**
 * The assistant's model on Bedrock (docs/decisions/116): the stage's Guardrail, a fixed version of it,
 * and the one statement the two model routes' role needs, InvokeModel on that model alone (and
 * ApplyGuardrail on that guardrail alone, which Bedrock requires of a call that names one).
 */
export class AssistantModel extends Construct {
  readonly modelId: string;
  readonly guardrailId: string;
  readonly guardrailVersion: string;
  readonly statements: PolicyStatement[];

  constructor(scope: Construct, id: string, props: AssistantProps) {
    super(scope, id);
    const guardrail = new CfnGuardrail(this, 'Guardrail', {
      name: `growthwise-${props.stage}-assistant`,
      description: `Growthwise ${props.stage}: the assistant's summaries and briefs`,
      blockedInputMessaging: GUARDRAIL_STOPPED,
      blockedOutputsMessaging: GUARDRAIL_STOPPED,
      contentPolicyConfig: { filtersConfig: FILTERS },
    });
    const version = new CfnGuardrailVersion(this, 'GuardrailVersion', {
      guardrailIdentifier: guardrail.attrGuardrailId,
      description: 'The version the functions name',
    });
    this.modelId = props.modelId;
    this.guardrailId = guardrail.attrGuardrailId;
    this.guardrailVersion = version.attrVersion;
    const modelArn = Stack.of(this).formatArn({
      service: 'bedrock',
      account: '',
      resource: 'foundation-model',
      resourceName: props.modelId,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
    this.statements = [
      new PolicyStatement({ actions: ['bedrock:InvokeModel'], resources: [modelArn] }),
      new PolicyStatement({ actions: ['bedrock:ApplyGuardrail'], resources: [guardrail.attrGuardrailArn] }),
    ];
  }
}
