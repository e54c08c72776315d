import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../functions/security/cookie';
import { buildApp } from '../../infra/app';
import { API_RATE_RULE, API_SESSION_RATE_RULE, WEB_ACL_REGION, webAclParameterName } from '../../infra/constructs/api-web-acl';
import { EDGE_STACK_NAME, stageConfig, stages } from '../../infra/stages';
import { ofType, synthStage } from './synth-stage';

const DEPLOY_DOC = readFileSync(path.resolve(import.meta.dirname, '../../docs/deploy.md'), 'utf8');

function edgeStack() {
  const assembly = buildApp(
    new App({ builtinCloudFormationValidation: false, context: { stage: 'prod', 'aws:cdk:bundling-stacks': [] } }),
    null,
  ).synth();
  const artifact = assembly.getStackByName(EDGE_STACK_NAME);
  return { artifact, template: Template.fromJSON(artifact.template as Record<string, unknown>) };
}

const distributionOf = (template: Template) =>
  ofType(template, 'AWS::CloudFront::Distribution')[0]![1].Properties!.DistributionConfig as { WebACLId?: unknown };

describe('WAF: prod limits each person and, more loosely, each client address on /api/*', () => {
  const { artifact, template: edge } = edgeStack();

  it("keeps prod's web ACL in us-east-1, deployed with prod's bootstrap", () => {
    expect(artifact.environment.region).toBe(WEB_ACL_REGION);
    expect(artifact.assumeRoleArn).toContain('cdk-hnb659fds-deploy-role');
  });

  it('blocks (429) a person (address and session cookie) past their /api requests per 5 minutes, an address past a far looser ceiling, and lets everything else through', () => {
    const acls = ofType(edge, 'AWS::WAFv2::WebACL');
    expect(acls).toHaveLength(1);
    const acl = acls[0]![1].Properties!;
    expect(acl).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    const rules = acl.Rules as Record<string, unknown>[];
    expect(rules).toHaveLength(2);
    const onApi = { FieldToMatch: { UriPath: {} }, PositionalConstraint: 'STARTS_WITH', SearchString: '/api/' };
    const blocked = { Block: { CustomResponse: { ResponseCode: 429 } } };
    const limits = stages.prod.waf;
    expect(rules.find((rule) => rule.Name === API_RATE_RULE)).toMatchObject({
      Action: blocked,
      Statement: {
        RateBasedStatement: {
          AggregateKeyType: 'IP',
          EvaluationWindowSec: 300,
          Limit: limits.perAddressPer5Minutes,
          ScopeDownStatement: { ByteMatchStatement: onApi },
        },
      },
    });
    expect(rules.find((rule) => rule.Name === API_SESSION_RATE_RULE)).toMatchObject({
      Action: blocked,
      Statement: {
        RateBasedStatement: {
          AggregateKeyType: 'CUSTOM_KEYS',
          CustomKeys: [{ IP: {} }, { Cookie: { Name: SESSION_COOKIE, TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
          EvaluationWindowSec: 300,
          Limit: limits.perSessionPer5Minutes,
          ScopeDownStatement: { ByteMatchStatement: onApi },
        },
      },
    });
    expect(limits.perAddressPer5Minutes).toBeGreaterThan(10 * limits.perSessionPer5Minutes);
    const [aclId] = acls[0]!;
    edge.hasResourceProperties('AWS::SSM::Parameter', {
      Name: webAclParameterName('prod'),
      Value: { 'Fn::GetAtt': [aclId, 'Arn'] },
    });
  });

  it("puts that web ACL on prod's distribution only, read from us-east-1 at deploy time", () => {
    const prod = synthStage('prod').stage;
    const webAcl = distributionOf(prod).WebACLId as { 'Fn::GetAtt': [string, string] };
    expect(webAcl['Fn::GetAtt'][1]).toBe('Parameter.Value');
    const reader = ofType(prod, 'Custom::AWS').find(([id]) => id === webAcl['Fn::GetAtt'][0])![1].Properties!;
    expect(JSON.parse(reader.Create as string)).toMatchObject({
      service: 'SSM',
      action: 'getParameter',
      parameters: { Name: webAclParameterName('prod') },
      region: WEB_ACL_REGION,
    });
    const readerPolicies = ofType(prod, 'AWS::IAM::Policy').filter(([id]) => id.startsWith('WebAclArn'));
    expect(readerPolicies).toHaveLength(1);
    const statements = (
      readerPolicies[0]![1].Properties!.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }
    ).Statement;
    expect(statements).toHaveLength(1);
    expect(statements[0]!.Action).toBe('ssm:GetParameter');
    expect(JSON.stringify(statements[0]!.Resource)).toContain(`:ssm:${WEB_ACL_REGION}:`);
    expect(JSON.stringify(statements[0]!.Resource)).toContain(`:parameter${webAclParameterName('prod')}`);

    expect(stageConfig('pr-1').waf).toBeNull();
    const preview = synthStage('pr-1').stage;
    expect(distributionOf(preview).WebACLId).toBeUndefined();
    expect(ofType(preview, 'Custom::AWS')).toEqual([]);
  });

  it('says in docs/deploy.md what the web ACL costs', () => {
    expect(DEPLOY_DOC).toMatch(/web ACL[^.]*USD \d/);
  });
});
