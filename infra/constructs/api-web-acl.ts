import { Aws, Stack, Validations } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

/** CloudFront's web ACLs live in us-east-1, whatever region the distribution's stack is in. */
export const WEB_ACL_REGION = 'us-east-1';

/** Where the edge stack publishes a stage's web ACL ARN, in us-east-1. */
export const webAclParameterName = (stage: string) => `/growthwise/edge/${stage}/api-web-acl-arn`;

/** The rate-based rule's name, also its CloudWatch metric (WAF's console shows the addresses it blocks). */
export const API_RATE_RULE = 'ApiRequestsPerClientAddress';

interface ApiWebAclProps {
  stage: string;
  /** Requests to /api/* one client address may make in 5 minutes before WAF blocks it (429). */
  requestsPer5Minutes: number;
}

/**
 * A stage's CloudFront web ACL (in the edge stack, us-east-1): one rate-based rule that blocks a
 * client address making more than the stage's limit of /api/* requests in 5 minutes, answering 429
 * until its rate falls. Everything else passes. The ARN goes to an SSM parameter for the stage's stack.
 */
export class ApiWebAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: ApiWebAclProps) {
    super(scope, id);
    const metric = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `growthwise-${props.stage}-api`,
      description: `Growthwise ${props.stage}: at most ${props.requestsPer5Minutes} /api requests per client address in 5 minutes`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: metric(`growthwise-${props.stage}-api`),
      customResponseBodies: {
        TooManyRequests: { contentType: 'APPLICATION_JSON', content: '{"error":"Too many requests. Try again in a few minutes."}' },
      },
      rules: [
        {
          name: API_RATE_RULE,
          priority: 0,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' } } },
          visibilityConfig: metric(`growthwise-${props.stage}-${API_RATE_RULE}`),
          statement: {
            rateBasedStatement: {
              limit: props.requestsPer5Minutes,
              evaluationWindowSec: 300,
              // The viewer's own address: CloudFront hands WAF the connection's source, not a header anyone can set.
              aggregateKeyType: 'IP',
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
        },
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
      { id: 'AwsSolutions-L1', reason: 'The runtime of CDK\'s AwsCustomResource handler is chosen and updated by aws-cdk-lib.' },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'CDK attaches the basic execution role to its AwsCustomResource handler; it only grants writing logs.',
      },
    );
    return reader.getResponseField('Parameter.Value');
  }
}
