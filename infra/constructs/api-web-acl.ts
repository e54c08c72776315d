import { Aws, Stack, Validations } from 'aws-cdk-lib';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { SESSION_COOKIE } from '../../functions/security/cookie';
import type { ApiRateLimits } from '../stages';

/** CloudFront's web ACLs live in us-east-1, whatever region the distribution's stack is in. */
export const WEB_ACL_REGION = 'us-east-1';

/** Where the edge stack publishes a stage's web ACL ARN, in us-east-1. */
export const webAclParameterName = (stage: string) => `/growthwise/edge/${stage}/api-web-acl-arn`;

/** The rate-based rules' names, also their CloudWatch metrics (WAF's console shows the addresses they block). */
export const API_RATE_RULE = 'ApiRequestsPerClientAddress';
export const API_SESSION_RATE_RULE = 'ApiRequestsPerSession';

interface ApiWebAclProps {
  stage: string;
  /** Requests to /api/* per person and per address in 5 minutes before WAF blocks them (429). */
  limits: ApiRateLimits;
}

/**
 * A stage's CloudFront web ACL (in the edge stack, us-east-1): two rate-based rules on /api/*, each
 * answering 429 until the rate falls. One counts per address and session cookie, so the people of
 * an office behind one NAT address each have a person's allowance (docs/decisions/050); the other, a
 * far looser ceiling per address whatever the cookie, also catches requests without a session
 * (WAF skips a custom-key rule for a request that lacks one of its keys). Everything else passes.
 * The ARN goes to an SSM parameter for the stage's stack.
 */
export class ApiWebAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: ApiWebAclProps) {
    super(scope, id);
    const metric = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });
    const rateRule = (
      name: string,
      priority: number,
      limit: number,
      key: Pick<CfnWebACL.RateBasedStatementProperty, 'aggregateKeyType' | 'customKeys'>,
    ): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' } } },
      visibilityConfig: metric(`growthwise-${props.stage}-${name}`),
      statement: {
        rateBasedStatement: {
          limit,
          evaluationWindowSec: 300,
          // The viewer's own address: CloudFront hands WAF the connection's source, not a header anyone can set.
          ...key,
          scopeDownStatement: {
            byteMatchStatement: {
              fieldToMatch: { uriPath: {} },
              positionalConstraint: 'STARTS_WITH',
              searchString: '/api/',
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
        },
      },
    });
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `growthwise-${props.stage}-api`,
      description: `Growthwise ${props.stage}: at most ${props.limits.perSessionPer5Minutes} /api requests per session and ${props.limits.perAddressPer5Minutes} per client address in 5 minutes`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: metric(`growthwise-${props.stage}-api`),
      customResponseBodies: {
        TooManyRequests: {
          contentType: 'APPLICATION_JSON',
          content: '{"error":"Too many requests. Try again in a few minutes."}',
        },
      },
      rules: [
        rateRule(API_RATE_RULE, 0, props.limits.perAddressPer5Minutes, { aggregateKeyType: 'IP' }),
        rateRule(API_SESSION_RATE_RULE, 1, props.limits.perSessionPer5Minutes, {
          aggregateKeyType: 'CUSTOM_KEYS',
          // The viewer's address with its session cookie: a cookie replayed from many addresses counts per address.
          customKeys: [{ ip: {} }, { cookie: { name: SESSION_COOKIE, textTransformations: [{ priority: 0, type: 'NONE' }] } }],
        }),
      ],
    });
    new StringParameter(this, 'Arn', {
      parameterName: webAclParameterName(props.stage),
      stringValue: this.webAcl.attrArn,
      description: `Growthwise: the web ACL of stage ${props.stage}'s distribution`,
    });
  }

  /**
   * The ARN of a stage's web ACL, read in the stage's stack from us-east-1 at deploy time (CloudFormation
   * cannot resolve another region's parameter): a small SDK call CDK runs as a custom resource.
   */
  static arnFor(scope: Construct, stage: string): string {
    const name = webAclParameterName(stage);
    const parameterArn = `arn:${Aws.PARTITION}:ssm:${WEB_ACL_REGION}:${Aws.ACCOUNT_ID}:parameter${name}`;
    const reader = new AwsCustomResource(scope, 'WebAclArn', {
      onUpdate: {
        service: 'SSM',
        action: 'getParameter',
        parameters: { Name: name },
        region: WEB_ACL_REGION,
        physicalResourceId: PhysicalResourceId.of(name),
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [parameterArn] }),
      installLatestAwsSdk: false,
    });
    const stack = Stack.of(scope);
    const handler = stack.node.tryFindChild(AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '').replace(/^/, 'AWS'));
    Validations.of(handler ?? reader).acknowledge(
      { id: 'AwsSolutions-L1', reason: "The runtime of CDK's AwsCustomResource handler is chosen and updated by aws-cdk-lib." },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'CDK attaches the basic execution role to its AwsCustomResource handler; it only grants writing logs.',
      },
    );
    return reader.getResponseField('Parameter.Value');
  }
}
