import { Annotations, Aws, Stack, type StackProps, Tags, Validations } from 'aws-cdk-lib';
import {
  CfnOIDCProvider,
  Effect,
  ManagedPolicy,
  PolicyDocument,
  PolicyStatement,
  Role,
  WebIdentityPrincipal,
} from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import {
  type AccountName,
  BOOTSTRAP_QUALIFIERS,
  PREVIEW_BOUNDARY_POLICY,
  PREVIEW_EXECUTION_POLICY,
  PREVIEW_TOOLKIT_STACK,
} from './stages';

const GITHUB_OIDC = 'token.actions.githubusercontent.com';

interface DeliveryStackProps extends StackProps {
  /** The kinds of stage this account holds: both in the one-account layout. */
  holds: readonly AccountName[];
  /** owner/name of the repository whose workflows may deploy; null: not configured (the stack refuses to deploy). */
  repository: string | null;
}

/** Why a delivery stack without a configured repository cannot be deployed, and how to configure it. */
export const MISSING_REPOSITORY =
  'The GitHub repository whose workflows may deploy is not configured: set the context value githubRepository to owner/name in cdk.json (or pass -c githubRepository=owner/name, or set GITHUB_REPOSITORY). The GitHub roles trust only that repository.';

/**
 * What GitHub Actions deploys with, in one account (deployed once by hand, README "Deploy"): the
 * OIDC provider and one role per workflow environment, each trusted only by that environment of this
 * repository and able to assume only its own bootstrap's CDK roles. In the account that holds
 * previews, also the permissions boundary and CloudFormation execution policy of the preview bootstrap.
 */
export class DeliveryStack extends Stack {
  constructor(scope: Construct, id: string, props: DeliveryStackProps) {
    super(scope, id, props);
    Tags.of(this).add('project', 'growthwise');
    Tags.of(this).add('stage', 'delivery');
    const provider = new CfnOIDCProvider(this, 'GitHubOidc', {
      url: `https://${GITHUB_OIDC}`,
      clientIdList: ['sts.amazonaws.com'],
    });
    const { repository } = props;
    // An error on this stack only: `cdk deploy` of a stage (which selects its own stack) still works.
    if (repository === null) Annotations.of(this).addError(MISSING_REPOSITORY);

    const githubRole = (id: string, environment: string, description: string, statements: PolicyStatement[]) => {
      if (repository === null) return;
      const role = new Role(this, id, {
        roleName: `growthwise-github-${environment}`,
        description,
        assumedBy: new WebIdentityPrincipal(provider.attrArn, {
          StringEquals: {
            [`${GITHUB_OIDC}:aud`]: 'sts.amazonaws.com',
            [`${GITHUB_OIDC}:sub`]: `repo:${repository}:environment:${environment}`,
          },
        }),
        inlinePolicies: { Deliver: new PolicyDocument({ statements }) },
      });
      acknowledgeWildcards(
        role,
        statements,
        `Wildcards only where names end in the region (this bootstrap's CDK roles, buckets and parameters), in the stacks this workflow owns, or in what the AWS action allows on no narrower resource (cloudformation:ListStacks; cdk gc reading every template).`,
      );
      return role;
    };
    const cdkRoles = (account: AccountName, kinds: string[]) =>
      new PolicyStatement({
        actions: ['sts:AssumeRole', 'sts:TagSession'],
        resources: kinds.map(
          (kind) =>
            `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/cdk-${BOOTSTRAP_QUALIFIERS[account]}-${kind}-role-${Aws.ACCOUNT_ID}-*`,
        ),
      });
    const stacks = (...names: string[]) =>
      names.map((name) => `arn:${Aws.PARTITION}:cloudformation:*:${Aws.ACCOUNT_ID}:stack/${name}/*`);

    if (props.holds.includes('preview')) {
      const qualifier = BOOTSTRAP_QUALIFIERS.preview;
      githubRole(
        'PreviewRole',
        'preview',
        'Growthwise previews: deploys, destroys and sweeps Growthwise-pr-* with the preview bootstrap only',
        [
          cdkRoles('preview', ['deploy', 'file-publishing', 'lookup']),
          // The destroy job and the sweep delete without synthesis, through the preview execution role.
          new PolicyStatement({ actions: ['cloudformation:ListStacks'], resources: ['*'] }),
          new PolicyStatement({
            actions: ['cloudformation:DescribeStacks', 'cloudformation:DeleteStack'],
            resources: stacks('Growthwise-pr-*'),
          }),
          new PolicyStatement({
            actions: ['iam:PassRole'],
            resources: [`arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/cdk-${qualifier}-cfn-exec-role-${Aws.ACCOUNT_ID}-*`],
            conditions: { StringEquals: { 'iam:PassedToService': 'cloudformation.amazonaws.com' } },
          }),
          // cdk gc of the preview bootstrap's bucket: it reads every stack's template to find the assets in use.
          new PolicyStatement({ actions: ['cloudformation:GetTemplate', 'cloudformation:DescribeStacks'], resources: ['*'] }),
          new PolicyStatement({
            actions: ['ssm:GetParameter'],
            resources: [`arn:${Aws.PARTITION}:ssm:*:${Aws.ACCOUNT_ID}:parameter/cdk-bootstrap/${qualifier}/version`],
          }),
          new PolicyStatement({
            actions: [
              's3:ListBucket',
              's3:GetObject',
              's3:GetObjectTagging',
              's3:PutObjectTagging',
              's3:DeleteObject',
              's3:GetBucketLocation',
            ],
            resources: [
              `arn:${Aws.PARTITION}:s3:::cdk-${qualifier}-assets-${Aws.ACCOUNT_ID}-*`,
              `arn:${Aws.PARTITION}:s3:::cdk-${qualifier}-assets-${Aws.ACCOUNT_ID}-*/*`,
            ],
          }),
        ],
      );
      new PreviewGuardrails(this, { prodInSameAccount: props.holds.includes('prod') });
    }
    if (props.holds.includes('prod')) {
      githubRole(
        'ProdDeployRole',
        'production',
        'Growthwise prod: deploys Growthwise-shared, Growthwise-edge and Growthwise-prod with the default bootstrap, sets the stack policy',
        [
          cdkRoles('prod', ['deploy', 'file-publishing', 'lookup']),
          new PolicyStatement({
            actions: ['cloudformation:DescribeStacks', 'cloudformation:SetStackPolicy'],
            resources: stacks('Growthwise-prod'),
          }),
        ],
      );
      githubRole(
        'ProdDiffRole',
        'production-diff',
        'Growthwise prod: reads the deployed templates for cdk diff, changes nothing',
        [
          cdkRoles('prod', ['lookup']),
          new PolicyStatement({
            actions: ['cloudformation:GetTemplate', 'cloudformation:DescribeStacks'],
            resources: stacks('Growthwise-prod', 'Growthwise-shared', 'Growthwise-edge'),
          }),
          new PolicyStatement({
            actions: ['ssm:GetParameter'],
            resources: [
              `arn:${Aws.PARTITION}:ssm:*:${Aws.ACCOUNT_ID}:parameter/cdk-bootstrap/${BOOTSTRAP_QUALIFIERS.prod}/version`,
            ],
          }),
        ],
      );
    }
  }
}

/** Names, tags and stacks that belong to prod or to the account-wide pieces: what no preview may touch. */
const PROTECTED_STAGE_TAGS = ['prod', 'shared', 'delivery'];

/**
 * The preview bootstrap's limits (`cdk bootstrap --qualifier gwpreview
 * --cloudformation-execution-policies <execution> --custom-permissions-boundary <boundary>`): the
 * execution policy allows the services a stage uses; the boundary, on the execution role and on every
 * role a preview creates, denies anything tagged or named as prod's, shared or delivery's, and
 * creating a role without the same boundary (no escalation out of it).
 */
class PreviewGuardrails {
  /**
   * prodInSameAccount: the one-account layout, where the account-wide stack is prod's too and is denied
   * like prod. In a preview account of its own, the preview bootstrap deploys that account's
   * Growthwise-shared (README, Deploy), which only previews and dev use.
   */
  constructor(stack: Stack, { prodInSameAccount }: { prodInSameAccount: boolean }) {
    const arn = (service: string, resource: string, region = '*') =>
      `arn:${Aws.PARTITION}:${service}:${region}:${Aws.ACCOUNT_ID}:${resource}`;
    const boundaryArn = `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:policy/${PREVIEW_BOUNDARY_POLICY}`;
    const boundary = new ManagedPolicy(stack, 'PreviewBoundary', {
      managedPolicyName: PREVIEW_BOUNDARY_POLICY,
      description: 'Growthwise previews: the most a preview (its deployment and its functions) may do; nothing of prod',
      statements: [
        new PolicyStatement({ sid: 'Everything', actions: ['*'], resources: ['*'] }),
        new PolicyStatement({
          sid: 'NothingTaggedAsProd',
          effect: Effect.DENY,
          actions: ['*'],
          resources: ['*'],
          conditions: { StringEquals: { 'aws:ResourceTag/stage': PROTECTED_STAGE_TAGS } },
        }),
        new PolicyStatement({
          sid: 'NoProdTags',
          effect: Effect.DENY,
          actions: ['*'],
          resources: ['*'],
          conditions: { StringEquals: { 'aws:RequestTag/stage': PROTECTED_STAGE_TAGS } },
        }),
        new PolicyStatement({
          sid: 'NothingNamedAsProd',
          effect: Effect.DENY,
          actions: ['*'],
          resources: [
            ...[
              'Growthwise-prod',
              ...(prodInSameAccount ? ['Growthwise-shared'] : []),
              'Growthwise-edge',
              'Growthwise-delivery*',
              'CDKToolkit',
            ].map((name) => arn('cloudformation', `stack/${name}/*`)),
            arn('dynamodb', 'table/Growthwise-prod-*'),
            arn('lambda', 'function:Growthwise-prod-*'),
            arn('logs', 'log-group:Growthwise-prod-*'),
            ...(prodInSameAccount ? [arn('ssm', 'parameter/growthwise/shared/*')] : []),
            arn('ssm', 'parameter/growthwise/edge/*'),
            `arn:${Aws.PARTITION}:wafv2:*:${Aws.ACCOUNT_ID}:global/webacl/growthwise-*`,
            `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/Growthwise-prod-*`,
            `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/cdk-${BOOTSTRAP_QUALIFIERS.prod}-*`,
            `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/growthwise-github-*`,
            `arn:${Aws.PARTITION}:s3:::growthwise-prod-*`,
            `arn:${Aws.PARTITION}:s3:::cdk-${BOOTSTRAP_QUALIFIERS.prod}-*`,
          ],
        }),
        new PolicyStatement({
          sid: 'NoRoleWithoutThisBoundary',
          effect: Effect.DENY,
          actions: ['iam:CreateRole', 'iam:PutRolePermissionsBoundary'],
          resources: ['*'],
          conditions: { StringNotEquals: { 'iam:PermissionsBoundary': boundaryArn } },
        }),
        new PolicyStatement({
          sid: 'BoundaryStays',
          effect: Effect.DENY,
          actions: ['iam:DeleteRolePermissionsBoundary'],
          resources: ['*'],
        }),
        new PolicyStatement({
          sid: 'GuardrailsStay',
          effect: Effect.DENY,
          actions: ['iam:CreatePolicyVersion', 'iam:DeletePolicy', 'iam:DeletePolicyVersion', 'iam:SetDefaultPolicyVersion'],
          resources: [boundaryArn, `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:policy/${PREVIEW_EXECUTION_POLICY}`],
        }),
      ],
    });
    const execution = new ManagedPolicy(stack, 'PreviewExecution', {
      managedPolicyName: PREVIEW_EXECUTION_POLICY,
      description: `Growthwise previews: what CloudFormation may do for a preview (bootstrap ${PREVIEW_TOOLKIT_STACK}); the boundary removes prod`,
      statements: [
        new PolicyStatement({
          sid: 'TheServicesAStageUses',
          actions: [
            'apigateway:*',
            'cloudfront:*',
            'cloudwatch:*',
            'dynamodb:*',
            'lambda:*',
            'logs:*',
            's3:*',
            'secretsmanager:*',
            'sns:*',
            'sqs:*',
            'ssm:GetParameter',
            'ssm:GetParameters',
            'iam:GetRole',
            'iam:CreateRole',
            'iam:DeleteRole',
            'iam:TagRole',
            'iam:UntagRole',
            'iam:PutRolePolicy',
            'iam:DeleteRolePolicy',
            'iam:GetRolePolicy',
            'iam:AttachRolePolicy',
            'iam:DetachRolePolicy',
            'iam:PutRolePermissionsBoundary',
            'iam:PassRole',
          ],
          resources: ['*'],
        }),
        // The account-wide stack's parameters (its only non-CloudFront resources); the boundary denies them where prod lives.
        new PolicyStatement({
          sid: 'TheSharedStacksParameters',
          actions: ['ssm:PutParameter', 'ssm:DeleteParameter', 'ssm:AddTagsToResource', 'ssm:RemoveTagsFromResource'],
          resources: [arn('ssm', 'parameter/growthwise/shared/*')],
        }),
      ],
    });
    for (const policy of [boundary, execution]) {
      acknowledgeWildcards(
        policy,
        statementsOf(policy),
        "A permissions boundary and a bootstrap execution policy: their wildcards are the ceiling of what a preview stack may create, and the boundary's explicit denies remove everything of prod, shared and delivery.",
      );
    }
  }
}

function statementsOf(policy: ManagedPolicy): PolicyStatement[] {
  return (policy.document.toJSON() as { Statement: unknown[] }).Statement.map((json) => PolicyStatement.fromJson(json));
}

/** cdk-nag names each wildcard finding by the action or resource as it renders it (<AWS::AccountId>): acknowledge exactly those. */
function acknowledgeWildcards(scope: Construct, statements: PolicyStatement[], reason: string) {
  const stack = Stack.of(scope);
  const render = (value: unknown): string => {
    if (typeof value === 'string') return value;
    const json = value as { Ref?: string; 'Fn::Join'?: [string, unknown[]] };
    if (json.Ref) return `<${json.Ref}>`;
    if (json['Fn::Join']) return json['Fn::Join'][1].map(render).join(json['Fn::Join'][0]);
    return JSON.stringify(value);
  };
  const ids = new Set<string>();
  for (const statement of statements) {
    if (statement.effect === Effect.DENY) continue;
    for (const action of statement.actions) if (action.includes('*')) ids.add(`AwsSolutions-IAM5[Action::${action}]`);
    for (const resource of statement.resources.map((r) => render(stack.resolve(r))))
      if (resource.includes('*')) ids.add(`AwsSolutions-IAM5[Resource::${resource}]`);
  }
  Validations.of(scope).acknowledge(...[...ids].map((id) => ({ id, reason })));
}
