import path from 'node:path';
import { type RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionEventType,
  HttpVersion,
  type ICachePolicy,
  type IFunction,
  type IResponseHeadersPolicy,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { BOOTSTRAP_QUALIFIERS, type WebRuntimeConfig } from '../stages';
import { SPA_HTML_FILES } from '../web/spa-fallback';

interface WebProps {
  /** The built SPA (web/dist); without one a placeholder page is deployed. */
  webRoot: string | undefined;
  /** Written to /config.json. */
  runtimeConfig: WebRuntimeConfig;
  /** The HTTP API's execute-api host name. */
  apiDomainName: string;
  /** The x-origin-verify value (a pinned dynamic reference: the template never holds the value). */
  originVerifyValue: string;
  /** The distribution's WAF web ACL (prod); undefined: none. */
  webAclArn: string | undefined;
  /** From the account-wide stack. */
  spaFunction: IFunction;
  responseHeadersPolicy: IResponseHeadersPolicy;
  apiCachePolicy: ICachePolicy;
  removalPolicy: RemovalPolicy;
  autoDeleteObjects: boolean;
  logRetention: RetentionDays;
}

/** Web hosting: a private bucket behind one CloudFront distribution that also fronts the API at /api. */
export class Web extends Construct {
  readonly distribution: Distribution;
  readonly bucket: Bucket;
  /** https://<distribution domain>: the stage's one origin. */
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: props.autoDeleteObjects,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        "Server access logs would record only CloudFront's own reads: the bucket is private (OAC) and holds the public build output; the distribution's metrics show the traffic.",
    });

    const api = new HttpOrigin(props.apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { 'x-origin-verify': props.originVerifyValue },
    });
    const apiBehaviour = {
      origin: api,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      responseHeadersPolicy: props.responseHeadersPolicy,
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Growthwise: SPA and /api on one origin',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: props.responseHeadersPolicy,
        // Not custom error responses: they would apply to /api too and turn API 404s into the app shell.
        functionAssociations: [{ function: props.spaFunction, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      // Order is precedence: the avatar pattern must come before /api/*.
      additionalBehaviors: {
        // GET /api/avatars/{userId}/{version}: versioned URLs, so cached by path alone. Nothing else
        // (no cookie, no header) reaches the origin, so the answer cannot depend on who asked.
        '/api/avatars/*': {
          ...apiBehaviour,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        },
        '/api/*': {
          ...apiBehaviour,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // Compressed, nothing cached (the shared stack's, docs/decisions/101).
          cachePolicy: props.apiCachePolicy,
          // Host must stay the execute-api host; CloudFront-Viewer-Address is included (client IP).
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
    });
    this.siteUrl = `https://${this.distribution.distributionDomainName}`;
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'No geo restriction: the product is offered worldwide.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'Prod has a WAF web ACL; previews have none: it costs a fixed monthly fee per stage, the API is throttled per stage, logins are rate-limited by the application, and the origin refuses requests that bypass CloudFront.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason:
          "No CloudFront standard logs: every /api request is in the API access log and the function logs; static hits are visible in the distribution's metrics.",
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate, for which CloudFront does not allow choosing the minimum TLS version; origins are reached over TLS 1.2 (CFR5).',
      },
    );

    const logGroup = new LogGroup(this, 'DeploymentLogs', { retention: props.logRetention, removalPolicy: props.removalPolicy });
    const htmlCache = [CacheControl.fromString('public, max-age=0, s-maxage=31536000, must-revalidate')];
    const sources = props.webRoot
      ? [Source.asset(props.webRoot, { exclude: ['assets', 'assets/**', 'config.json', ...SOURCE_MAPS] })]
      : // Under every name the SPA function answers with, so each path shows it rather than an S3 error.
        SPA_HTML_FILES.map((file) => Source.data(file, PLACEHOLDER_PAGE));
    // Hashed file names: cached for a year, never pruned, so tabs still running an older build can load their chunks.
    const assets = props.webRoot
      ? new BucketDeployment(this, 'Assets', {
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          sources: [Source.asset(path.join(props.webRoot, 'assets'), { exclude: SOURCE_MAPS })],
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
          prune: false,
          logGroup,
          memoryLimit: 512,
        })
      : undefined;
    // The HTML files (prerendered pages and the app shell), config.json and the other root files:
    // revalidated by browsers, cached by CloudFront until the invalidation that ends every deployment.
    const site = new BucketDeployment(this, 'Site', {
      destinationBucket: this.bucket,
      sources: [...sources, Source.jsonData('config.json', props.runtimeConfig)],
      exclude: ['assets/*'],
      cacheControl: htmlCache,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      logGroup,
      memoryLimit: 512,
    });
    if (assets) site.node.addDependency(assets);
    acknowledgeDeploymentHandler(site, this.bucket);
  }
}

/**
 * The build's source maps stay out of the bucket: they would publish the app's original source. They
 * are still built (web/dist) for reading a reported stack trace.
 */
const SOURCE_MAPS = ['*.map', '**/*.map'];

/** cdk-nag findings on CDK's own BucketDeployment handler (one singleton function and role per stack). */
function acknowledgeDeploymentHandler(deployment: BucketDeployment, bucket: Bucket) {
  const role = deployment.handlerRole;
  const handler = role.node.scope ?? role;
  const bucketArn = `<${Stack.of(bucket).getLogicalId(bucket.node.defaultChild as CfnBucket)}.Arn>`;
  const because = "CDK's BucketDeployment handler copies the build from the CDK assets bucket into the web bucket";
  // The stage's account when the stage config names one (infra/stages.ts ACCOUNTS), else a placeholder.
  const account = Token.isUnresolved(Stack.of(bucket).account) ? '<AWS::AccountId>' : Stack.of(bucket).account;
  Validations.of(handler).acknowledge(
    { id: 'AwsSolutions-L1', reason: "The runtime of CDK's BucketDeployment handler is chosen and updated by aws-cdk-lib." },
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'CDK attaches the basic execution role to its BucketDeployment handler; it only grants writing logs.',
    },
    ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
      id: `AwsSolutions-IAM5[Action::${action}]`,
      reason: `${because}; CDK's grantRead/grantWrite action groups, limited to those two buckets.`,
    })),
    ...Object.values(BOOTSTRAP_QUALIFIERS).map((qualifier) => ({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-${qualifier}-assets-${account}-<AWS::Region>/*]`,
      reason: `${because}: it reads the uploaded zip files from the bootstrap assets bucket.`,
    })),
    {
      id: `AwsSolutions-IAM5[Resource::${bucketArn}/*]`,
      reason: `${because}: it writes and prunes every object of the web bucket.`,
    },
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'cloudfront:CreateInvalidation/GetInvalidation, which CDK grants on * for the invalidation that ends each deployment.',
    },
  );
}

const PLACEHOLDER_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Growthwise</title></head>' +
  '<body><p>This stage was deployed without a web build (web/dist). Build the web app and deploy again.</p></body></html>';
