import { describe, expect, it } from 'vitest';
import { stackName, stageConfig, stages } from '../../infra/stages';
import { differences, normalized } from './stage-diff';
import { type Resources, ofType, synthStage } from './synth-stage';

/** What the stage rules and the stage's limits (infra/stages.ts) may change in a resource both stages have. */
const RULE_PROPERTIES: Record<string, string[]> = {
  '*': ['DeletionPolicy', 'UpdateReplacePolicy'],
  'AWS::DynamoDB::Table': [
    'Properties.DeletionProtectionEnabled',
    'Properties.PointInTimeRecoverySpecification.PointInTimeRecoveryEnabled',
  ],
  'AWS::Logs::LogGroup': ['Properties.RetentionInDays'],
  // Auto-delete objects: CDK tags the bucket and lets its handler empty it.
  'AWS::S3::Bucket': ['Properties.Tags'],
  'AWS::S3::BucketPolicy': ['Properties.PolicyDocument.Statement'],
  // A generated name that contains the stack name, cut to 64 characters.
  'AWS::CloudFront::OriginAccessControl': ['Properties.OriginAccessControlConfig.Name'],
  // Throttles: prod carries real traffic, a preview a few testers (stage config).
  'AWS::ApiGatewayV2::Stage': ['Properties.DefaultRouteSettings', 'Properties.RouteSettings'],
  // Prod's web ACL (a WAF rate-based rule per client address on /api/*).
  'AWS::CloudFront::Distribution': ['Properties.DistributionConfig.WebACLId'],
  // A preview mails only its allow-list (stage config).
  'AWS::Lambda::Function': ['Properties.Environment.Variables.MAIL_ALLOWED_RECIPIENTS'],
  // Every role of a preview carries the preview permissions boundary (infra/delivery-stack.ts).
  'AWS::IAM::Role': ['Properties.PermissionsBoundary'],
  // The audit log's write-once policy is attached to every role, so also to the preview-only auto-delete handler's.
  'AWS::IAM::Policy': ['Properties.Roles'],
  // The two-factor key's secret is replicated to the region of prod's backup copies (stage config `backup`).
  'AWS::SecretsManager::Secret': ['Properties.ReplicaRegions'],
};
/** CDK names the stream consumers' event source mappings and the trial rule's invoke permission after paths that hold the stack name: same resource, another id. */
const STAGE_NAMED_IDS =
  /^((Mailer|NotificationFanOut)FunctionDynamoDBEventSourceGrowthwise<stage>DataTable|(TrialAlerts|DueReminders)DailyAllowEventRuleGrowthwise<stage>(TrialAlerts|DueReminders)Function|MailerSweepAllowEventRuleGrowthwise<stage>MailerSweeper)/;
/** Whole resources only one kind of stage has. */
const ONLY_IN_PROD = ['AWS::CloudWatch::Alarm', 'AWS::SNS::Topic', 'AWS::SNS::TopicPolicy', 'AWS::SNS::Subscription'];
/** Prod reads its web ACL's ARN from us-east-1 with CDK's AwsCustomResource (its handler, role, policy and log group). */
const PROD_WEB_ACL_READER = /^(WebAclArn|AWS679f53fac002430cb0da5b7982bd2287)/;
/** Prod's backup plan, its vault and key, and AWS Backup's role (stage config `backup`). */
const PROD_BACKUPS = /^Backups/;
/** Prod's assistant model (stage config `assistant`; previews write by the local rules): its guardrail, and the model routes' role. */
const PROD_ASSISTANT = /^(Assistant|Apirole\w*model)/;
/** What a model route's function has in prod only: the model's settings, and its own role (docs/decisions/116). */
const MODEL_FUNCTION_PROPERTIES = [
  'Properties.Environment.Variables.ASSISTANT_MODEL_ID',
  'Properties.Environment.Variables.ASSISTANT_GUARDRAIL_ID',
  'Properties.Environment.Variables.ASSISTANT_GUARDRAIL_VERSION',
  'Properties.Role',
  'DependsOn',
];
const ONLY_IN_PREVIEW = ['Custom::S3AutoDeleteObjects', 'AWS::Lambda::Function', 'AWS::IAM::Role', 'AWS::Logs::LogGroup'];

describe('stages: prod and a preview differ exactly in the stage rules and limits', () => {
  const prod = synthStage('prod').stage;
  const preview = synthStage('pr-1').stage;
  const prodResources = (normalized(prod, 'prod') as { Resources: Resources }).Resources;
  const previewResources = (normalized(preview, 'pr-1') as { Resources: Resources }).Resources;

  it('differ nowhere but in the stage rules and limits', () => {
    const unexpected: string[] = [];
    for (const path of differences(normalized(prod, 'prod'), normalized(preview, 'pr-1'))) {
      const [section, id, ...rest] = path;
      const where = path.join('.');
      if (section !== 'Resources' || !id) {
        unexpected.push(where);
        continue;
      }
      if (rest.length === 0) {
        if (STAGE_NAMED_IDS.test(id)) continue;
        if (PROD_WEB_ACL_READER.test(id) && prodResources[id]) continue;
        if (PROD_BACKUPS.test(id) && prodResources[id]) continue;
        if (PROD_ASSISTANT.test(id) && prodResources[id]) continue;
        const inProd = prodResources[id];
        const allowed = inProd ? ONLY_IN_PROD.includes(inProd.Type) : ONLY_IN_PREVIEW.includes(previewResources[id]!.Type);
        if (!allowed || (!inProd && !id.startsWith('CustomS3AutoDeleteObjects') && !id.includes('AutoDeleteObjects')))
          unexpected.push(where);
        continue;
      }
      const type = prodResources[id]!.Type;
      const property = rest.join('.');
      const modelFunction =
        type === 'AWS::Lambda::Function' &&
        (prodResources[id]!.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables
          ?.ASSISTANT_MODEL_ID !== undefined;
      const allowed = [
        ...RULE_PROPERTIES['*']!,
        ...(RULE_PROPERTIES[type] ?? []),
        ...(modelFunction ? MODEL_FUNCTION_PROPERTIES : []),
      ];
      if (!allowed.some((prefix) => property === prefix || property.startsWith(`${prefix}.`)))
        unexpected.push(`${where} (${type})`);
    }
    expect(unexpected).toEqual([]);
  });

  it("keeps prod's data and watches it with alarms", () => {
    const [, table] = ofType(prod, 'AWS::DynamoDB::Table')[0]!;
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.Properties).toMatchObject({
      DeletionProtectionEnabled: true,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
    for (const type of ['AWS::S3::Bucket', 'AWS::SecretsManager::Secret', 'AWS::Logs::LogGroup']) {
      for (const [id, resource] of ofType(prod, type)) expect(resource.DeletionPolicy, id).toBe('Retain');
    }
    expect(ofType(prod, 'AWS::CloudWatch::Alarm').length).toBeGreaterThan(0);
    expect(ofType(prod, 'Custom::S3AutoDeleteObjects')).toEqual([]);
  });

  it('makes a preview disposable', () => {
    const [, table] = ofType(preview, 'AWS::DynamoDB::Table')[0]!;
    expect(table.DeletionPolicy).toBe('Delete');
    expect(table.Properties).toMatchObject({ DeletionProtectionEnabled: false });
    for (const [id, resource] of Object.entries((preview.toJSON() as { Resources: Resources }).Resources)) {
      if (resource.DeletionPolicy !== undefined) expect(resource.DeletionPolicy, id).toBe('Delete');
    }
    expect(ofType(preview, 'Custom::S3AutoDeleteObjects')).toHaveLength(1);
    expect(ofType(preview, 'AWS::CloudWatch::Alarm')).toEqual([]);
  });

  it('names stacks Growthwise-<stage> and refuses bad stage names', () => {
    expect(stackName('pr-1')).toBe('Growthwise-pr-1');
    expect(stageConfig('prod')).toBe(stages.prod);
    expect(stageConfig('pr-123').rules.removalPolicy).toBe(stageConfig('dev').rules.removalPolicy);
    for (const bad of ['Prod', 'pr_1', '-x', 'x-', 'shared', '', 'a'.repeat(21)])
      expect(() => stageConfig(bad), bad).toThrow(/Invalid stage/);
  });
});
