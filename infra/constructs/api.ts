import path from 'node:path';
import { ArnFormat, Duration, NestedStack, type RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnStage,
  HttpApi,
  HttpIntegrationType,
  HttpMethod,
  HttpRoute,
  HttpRouteIntegration,
  HttpRouteKey,
  type HttpRouteIntegrationConfig,
  HttpStage,
  IntegrationCredentials,
  LogGroupLogDestination,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { AccountPrincipal, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { AUDIT_PARTITION_PREFIX, ORG, USER } from '../../functions/db/keys';
import { PARTITIONS_OF_NO_ORGANIZATION } from '../../functions/db/tenant-guard';
import {
  HANDLER_TIMEOUT_SECONDS,
  type RouteDefinition,
  type RouteSecret,
  handlerName,
  invokesModel,
  isTenantScoped,
  secretsOf,
} from '../../functions/routes';
import { SESSION_TOUCH_ATTRIBUTES } from '../../functions/sessions/touch';
import { handlerEntry } from '../local/build-functions';
import type { ApiThrottles, RouteKey } from '../stages';
import type { AssistantModel } from './assistant';
import { tableIndexesNagResource } from './data';
import { NODEJS_BUNDLING } from './nodejs-bundling';

/** How cdk-nag spells a value in a finding: a pseudo parameter as <AWS::...>, a concrete one as it is. */
const nagName = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<${pseudo}>` : value);

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

/** What the tenant role may do on the table: the data calls of CDK's read-write grant but a Scan, which names no partition. */
export const TENANT_TABLE_ACTIONS = [
  'BatchGetItem',
  'GetItem',
  'Query',
  'ConditionCheckItem',
  'BatchWriteItem',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'DescribeTable',
] as const;

/** Where a function finds each secret's ARN (functions/security/secret.ts, functions/billing/stripe-settings.ts). */
const SECRET_ARN_VARIABLES: Record<RouteSecret, string> = {
  session: 'SESSION_SECRET_ARN',
  stripeSecretKey: 'STRIPE_SECRET_KEY_ARN',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET_ARN',
  mfaEncryption: 'MFA_ENCRYPTION_SECRET_ARN',
};

interface ApiProps {
  /** The route table: one function, integration and route per entry. */
  routes: readonly RouteDefinition[];
  table: ITable;
  /** The secrets a route may read, by the name the route table uses. */
  secrets: Record<RouteSecret, ISecret>;
  originVerifySecret: ISecret;
  /** The pinned dynamic reference CloudFront sends too. */
  originVerifyValue: string;
  stage: string;
  throttle: ApiThrottles;
  /** The handlers' log level (the stage's config). */
  logLevel: string;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
  /** The stage's model and guardrail; null: the model routes write with the local provider and get no Bedrock access. */
  assistant: AssistantModel | null;
}

/** The HTTP API: one Lambda function and one route per route-table entry, each with least-privilege table access. */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly functions: NodejsFunction[] = [];
  /** Each function with the route it serves ("GET /api/user"), for the dashboard. */
  readonly routeFunctions: { label: string; fn: NodejsFunction }[] = [];
  /** The execute-api host name, for the CloudFront origin. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: `Growthwise ${props.stage}: answers only through CloudFront (x-origin-verify)`,
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetention, removalPolicy: props.removalPolicy });
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle.default,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            method: '$context.httpMethod',
            path: '$context.path',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    this.domainName = `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;

    // API Gateway invokes the route functions as this role, one statement for all of them: a resource
    // permission per function would be 106 resources of the stack's 500 (docs/decisions/109).
    const invoker = new Role(this, 'Invoker', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      description: `Growthwise ${props.stage}: API Gateway invokes the route functions`,
    });
    invoker.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        // The route functions by the names CloudFormation gives them ({stack}-{logical id}-{suffix}), as their log groups.
        resources: [
          Stack.of(this).formatArn({
            service: 'lambda',
            resource: 'function',
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            resourceName: `${Stack.of(this).stackName}-${this.node.id}*`,
          }),
        ],
      }),
    );
    Validations.of(invoker).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:lambda:${nagName(Stack.of(this).region, 'AWS::Region')}:${nagName(Stack.of(this).account, 'AWS::AccountId')}:function:${Stack.of(this).stackName}-${this.node.id}*]`,
      reason:
        "The API's own route functions, by CloudFormation's generated names: one statement instead of a resource permission per function keeps the stack within CloudFormation's 500 resources (docs/decisions/109).",
    });
    // A route and an integration per entry live in a nested stack of their own: with a function each in this
    // stack, 124 routes passed CloudFormation's 500 resources a stack (docs/decisions/117). The API, its stage,
    // the functions and the invoking role stay here: their names, and what is granted by them, do not change.
    const routing = new NestedStack(this, 'Routing', {
      description: `Growthwise ${props.stage}: a route and an integration per route-table entry`,
    });
    const ids = new Set<string>();
    const routesByKey = new Map<string, HttpRoute>();
    for (const route of props.routes) {
      let fnId = handlerName(route);
      if (ids.has(fnId)) fnId = `${fnId}-${route.method.toLowerCase()}`;
      ids.add(fnId);
      const fn = this.routeFunction(fnId, route, props);
      this.functions.push(fn);
      this.routeFunctions.push({ label: `${route.method} ${route.path}`, fn });
      const httpRoute = new HttpRoute(routing, `${fnId}-route`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new InvokedAs(`${fnId}-integration`, fn, invoker),
      });
      routesByKey.set(`${route.method} ${route.path}`, httpRoute);
    }
    this.throttleRoutes(stage, routesByKey, props.throttle.routes);

    Validations.of(routing).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        "Authorization is the application's: the session cookie or API key is checked by the handlers' middleware (login and register are public by design), and requests without CloudFront's x-origin-verify header are refused.",
    });
    Validations.of(this.httpApi).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        "Authorization is the application's: the session cookie is checked by the handlers' middleware (login and register are public by design), and requests without CloudFront's x-origin-verify header are refused.",
    });
  }

  /**
   * Per-route limits below the stage's default. The L2 stage has no route settings: set them on
   * CloudFormation's resource, after the routes exist (API Gateway refuses settings for an unknown key).
   */
  private throttleRoutes(stage: HttpStage, routes: Map<string, HttpRoute>, limits: ApiThrottles['routes']) {
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const [key, limit] of Object.entries(limits) as [RouteKey, ApiThrottles['default']][]) {
      const route = routes.get(key);
      if (!route) throw new Error(`Stage throttle names ${key}, which is not in the route table (functions/routes.ts)`);
      routeSettings[key] = { ThrottlingRateLimit: limit.rateLimit, ThrottlingBurstLimit: limit.burstLimit };
      stage.node.addDependency(route);
    }
    (stage.node.defaultChild as CfnStage).routeSettings = routeSettings;
  }

  /** Tells every function which origin may send state-changing requests (the stage's site URL). */
  allowOrigin(origin: string) {
    for (const fn of this.functions) fn.addEnvironment('APP_ORIGINS', origin);
  }

  private functionLogs: LogGroup | undefined;

  /** Route functions with the same grants share a role: one per table access, set of secrets and model access (docs/decisions/053, 116). */
  private readonly roles = new Map<string, Role>();

  /**
   * The role of the functions whose routes have this table access and these secrets. Sharing it loses
   * nothing of least privilege (the grants are the same), and keeps a stage at a handful of IAM roles
   * instead of one per route: the account's quota of 1,000 roles bounds how many previews it holds.
   */
  private roleFor(route: RouteDefinition, props: ApiProps): Role {
    const secrets = [...secretsOf(route)].sort();
    const tenant = isTenantScoped(route);
    const model = props.assistant !== null && invokesModel(route);
    // A tenant route's own role reaches no table: read or read-write, the tenant role does it all.
    const profile = [...(tenant ? ['tenant', ...secrets] : [route.table, ...secrets]), ...(model ? ['model'] : [])].join('-');
    const existing = this.roles.get(profile);
    if (existing) return existing;
    const role = new Role(this, `role-${profile}`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Growthwise ${props.stage} route functions: table ${tenant ? 'through the tenant role only' : route.table}${secrets.length > 0 ? `, secrets ${secrets.join(', ')}` : ''}${model ? ', the assistant model' : ''}`,
    });
    // Only the two routes that write with the model: InvokeModel on the stage's model, its guardrail (decision 116).
    if (model) for (const statement of props.assistant!.statements) role.addToPrincipalPolicy(statement);
    if (tenant) this.reachesTableAsTenant(role, props);
    else if (route.table === 'readwrite') props.table.grantReadWriteData(role);
    else {
      props.table.grantReadData(role);
      // Every route that reads the session may slide its idle expiry (touchSession, functions/sessions/writes.ts):
      // read-only routes get exactly that write, the last-use time of an item in a user's partition.
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['dynamodb:UpdateItem'],
          resources: [props.table.tableArn],
          conditions: {
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['USER#*'] },
            'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...SESSION_TOUCH_ATTRIBUTES] },
          },
        }),
      );
    }
    // Its functions' log groups, by the name CloudFormation gives them ({stack}-{logical id}-{suffix},
    // and every logical id under this construct starts with its id): one statement however many
    // functions share the role, where a grant per log group passes IAM's 10,240-character limit on a
    // role's policies at about 70 routes.
    const logGroups = Stack.of(this).formatArn({
      service: 'logs',
      resource: 'log-group',
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      resourceName: `${Stack.of(this).stackName}-${this.node.id}*`,
    });
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroups] }),
    );
    props.originVerifySecret.grantRead(role);
    // Each function reads only the secrets its route names (the webhook's: Stripe's two, never the session key).
    for (const name of secrets) props.secrets[name].grantRead(role);
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${tableIndexesNagResource(props.table)}]`,
      reason:
        "CDK's table grant names the table's indexes by a wildcard: the project indexes of the same table (docs/decisions/027).",
    });
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:logs:${nagName(Stack.of(this).region, 'AWS::Region')}:${nagName(Stack.of(this).account, 'AWS::AccountId')}:log-group:${Stack.of(this).stackName}-${this.node.id}*]`,
      reason:
        "The API's own log groups, by CloudFormation's generated names; one statement instead of one per function keeps shared roles within IAM's policy size (docs/decisions/053).",
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permissions (X-Ray accepts only "*").',
    });
    this.roles.set(profile, role);
    return role;
  }

  /** The role the admin and SCIM routes' functions reach the table through, tagged with the organization (docs/decisions/111). */
  private tenantRole: Role | undefined;

  /**
   * An admin or SCIM route's role: no table access of its own (its idempotency records too go through
   * the tenant role, functions/db/client.ts), everything through the tenant role, whose policy lets DynamoDB itself
   * refuse every partition of another organization: `ORG#<tag>`, `AUDIT#<tag>` and their sub-partitions,
   * the people's (`USER#`, which the tenant guard holds to the organization's people) and the partitions
   * of no organization the guard lists (PARTITIONS_OF_NO_ORGANIZATION), nothing else.
   */
  private reachesTableAsTenant(role: Role, props: ApiProps) {
    const table = props.table;
    this.tenantRole ??= (() => {
      const tenantRole = new Role(this, 'TenantTableRole', {
        assumedBy: new AccountPrincipal(Stack.of(this).account).withSessionTags(),
        description: `Growthwise ${props.stage}: one organization's partitions, for the admin and SCIM routes (session tag orgId)`,
        maxSessionDuration: Duration.hours(1),
      });
      const org = '${aws:PrincipalTag/orgId}';
      tenantRole.addToPrincipalPolicy(
        new PolicyStatement({
          actions: TENANT_TABLE_ACTIONS.map((action) => `dynamodb:${action}`),
          resources: [table.tableArn, `${table.tableArn}/index/*`],
          conditions: {
            'ForAllValues:StringLike': {
              'dynamodb:LeadingKeys': [
                `${ORG}${org}`,
                `${ORG}${org}#*`,
                `${AUDIT_PARTITION_PREFIX}${org}`,
                `${AUDIT_PARTITION_PREFIX}${org}#*`,
                `${USER}*`,
                ...PARTITIONS_OF_NO_ORGANIZATION.map(({ prefix }) => `${prefix}*`),
              ],
            },
          },
        }),
      );
      Validations.of(tenantRole).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${tableIndexesNagResource(table)}]`,
        reason:
          "The table's indexes by a wildcard, as CDK's table grant names them; each call is held to the organization's leading keys.",
      });
      return tenantRole;
    })();
    // Only these roles may take it: the account principal of its trust needs the caller's own grant.
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['sts:AssumeRole', 'sts:TagSession'], resources: [this.tenantRole.roleArn] }),
    );
  }

  private routeFunction(id: string, route: RouteDefinition, props: ApiProps): NodejsFunction {
    // One log group for every route function (docs/decisions/053): a group each cost a resource per
    // route, and a stack holds 500. Powertools' lines carry function_name, so a function's are found.
    this.functionLogs ??= new LogGroup(this, 'FunctionLogs', {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    const logGroup = this.functionLogs;
    // An explicit role instead of AWSLambdaBasicExecutionRole: it may write to the API's log groups only.
    const role = this.roleFor(route, props);
    const fn = new NodejsFunction(this, id, {
      description: `${route.method} ${route.path}`,
      entry: handlerEntry(route.handler),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      // bcrypt is CPU-bound: Lambda's CPU share grows with memory.
      memorySize: 1024,
      timeout: Duration.seconds(HANDLER_TIMEOUT_SECONDS),
      // X-Ray segments for init, invocation and overhead, recorded by Lambda itself: no code in the
      // bundle, nothing added to the cold start (docs/decisions/021b).
      tracing: Tracing.ACTIVE,
      role,
      logGroup,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      bundling: NODEJS_BUNDLING,
      environment: {
        TABLE_NAME: props.table.tableName,
        ...Object.fromEntries(secretsOf(route).map((name) => [SECRET_ARN_VARIABLES[name], props.secrets[name].secretArn])),
        STAGE: props.stage,
        LOG_LEVEL: props.logLevel,
        // Read only when the header does not match the deployed value: during a rotation (docs/decisions/020).
        ORIGIN_VERIFY_SECRET_ARN: props.originVerifySecret.secretArn,
        // A dynamic reference: CloudFormation resolves it at deploy time; the template never holds the value.
        ORIGIN_VERIFY_SECRET: props.originVerifyValue,
        ...(this.tenantRole && isTenantScoped(route) ? { TENANT_TABLE_ROLE_ARN: this.tenantRole.roleArn } : {}),
        ...(props.assistant && invokesModel(route)
          ? {
              ASSISTANT_MODEL_ID: props.assistant.modelId,
              ASSISTANT_GUARDRAIL_ID: props.assistant.guardrailId,
              ASSISTANT_GUARDRAIL_VERSION: props.assistant.guardrailVersion,
            }
          : {}),
      },
    });
    Validations.of(fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 on purpose: the handlers are bundled for node20 (HANDLER_BUNDLING) so that the local emulator runs the same bundle on Node 20; move to the next LTS together with the local toolchain.',
    });
    return fn;
  }
}

/** A Lambda proxy integration API Gateway calls with a role's credentials, not through a resource permission on the function. */
class InvokedAs extends HttpRouteIntegration {
  constructor(
    id: string,
    private readonly fn: NodejsFunction,
    private readonly role: Role,
  ) {
    super(id);
  }

  bind(): HttpRouteIntegrationConfig {
    return {
      type: HttpIntegrationType.AWS_PROXY,
      uri: this.fn.functionArn,
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      credentials: IntegrationCredentials.fromRole(this.role),
    };
  }
}
