import { Aws, Duration, Fn } from 'aws-cdk-lib';
import {
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  type ICachePolicy,
  type IFunction,
  type IResponseHeadersPolicy,
  ResponseHeadersPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import {
  CONTENT_SECURITY_POLICY,
  CUSTOM_SECURITY_HEADERS,
  HSTS_MAX_AGE_SECONDS,
  ORIGIN_MAY_SET,
  SECURITY_HEADERS,
} from '../web/security-headers';
import { cloudFrontFunctionCode } from '../web/spa-fallback';

/** Where the account-wide stack publishes its ids for the stage stacks (read at deploy time, not synth). */
const EDGE_PARAMETERS = {
  spaFunctionArn: '/growthwise/shared/spa-rewrite-function-arn',
  responseHeadersPolicyId: '/growthwise/shared/security-headers-policy-id',
  apiCachePolicyId: '/growthwise/shared/api-cache-policy-id',
} as const;

/** What every stage's distribution uses from the account-wide stack. */
interface EdgeReferences {
  spaFunction: IFunction;
  responseHeadersPolicy: IResponseHeadersPolicy;
  apiCachePolicy: ICachePolicy;
}

/**
 * The CloudFront pieces every stage shares, created once per account and region (they count against
 * small account-wide quotas): the SPA rewrite function, the security response headers policy and
 * /api's cache policy.
 * CloudFront names are account-wide, so both names carry the region (CDK's generated function name
 * starts with it; the policy's is set here, renamed in place): a second region's shared stack creates
 * its own instead of colliding with the first's.
 */
export class Edge extends Construct {
  readonly spaFunction: CloudFrontFunction;
  readonly responseHeadersPolicy: ResponseHeadersPolicy;
  readonly apiCachePolicy: CachePolicy;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.spaFunction = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(cloudFrontFunctionCode()),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Growthwise: extension-less paths outside /api: prerendered pages, else the SPA shell',
    });
    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: `growthwise-security-headers-${Aws.REGION}`,
      comment:
        'Growthwise: HSTS, CSP (app + Stripe pricing table), nosniff, DENY framing, referrer, permissions and opener policies',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: SECURITY_HEADERS['strict-transport-security']?.includes('includeSubDomains') ?? false,
          preload: SECURITY_HEADERS['strict-transport-security']?.includes('preload') ?? false,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: CONTENT_SECURITY_POLICY,
          override: !ORIGIN_MAY_SET.has('content-security-policy'),
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: SECURITY_HEADERS['x-frame-options'] as HeadersFrameOption, override: true },
        referrerPolicy: { referrerPolicy: SECURITY_HEADERS['referrer-policy'] as HeadersReferrerPolicy, override: true },
      },
      customHeadersBehavior: {
        customHeaders: Object.entries(CUSTOM_SECURITY_HEADERS).map(([header, value]) => ({ header, value, override: true })),
      },
    });
    // The managed CachingDisabled policy has every TTL at 0, under which CloudFront never compresses. This one
    // compresses (gzip, brotli) and still caches nothing: every /api answer says `Cache-Control: no-store`, which a
    // minimum TTL of 0 obeys, and one without the header (API Gateway's own) gets the default of 0. Were one ever
    // kept (a max-age, at most the 1-second maximum), its key holds the credentials, cookies and query it answered
    // (docs/decisions/101).
    this.apiCachePolicy = new CachePolicy(this, 'ApiCompressedUncached', {
      cachePolicyName: `growthwise-api-compressed-uncached-${Aws.REGION}`,
      comment: 'Growthwise /api: compressed, nothing cached (every answer is no-store)',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      cookieBehavior: CacheCookieBehavior.all(),
      queryStringBehavior: CacheQueryStringBehavior.all(),
    });
    new StringParameter(this, 'ApiCachePolicyId', {
      parameterName: EDGE_PARAMETERS.apiCachePolicyId,
      stringValue: this.apiCachePolicy.cachePolicyId,
      description: "Growthwise: the cache policy of every stage's /api/* behaviour",
    });
    new StringParameter(this, 'SpaRewriteArn', {
      parameterName: EDGE_PARAMETERS.spaFunctionArn,
      stringValue: this.spaFunction.functionArn,
      description: 'Growthwise: the SPA rewrite CloudFront Function every stage associates',
    });
    new StringParameter(this, 'SecurityHeadersId', {
      parameterName: EDGE_PARAMETERS.responseHeadersPolicyId,
      stringValue: this.responseHeadersPolicy.responseHeadersPolicyId,
      description: 'Growthwise: the response headers policy every stage attaches',
    });
  }

  /** A stage stack's references to the account-wide pieces, resolved by CloudFormation at deploy time. */
  static lookup(scope: Construct): EdgeReferences {
    const functionArn = StringParameter.valueForStringParameter(scope, EDGE_PARAMETERS.spaFunctionArn);
    return {
      spaFunction: CloudFrontFunction.fromFunctionAttributes(scope, 'SpaRewrite', {
        functionArn,
        // arn:aws:cloudfront::<account>:function/<name>
        functionName: Fn.select(1, Fn.split('function/', functionArn)),
        functionRuntime: FunctionRuntime.JS_2_0.value,
      }),
      responseHeadersPolicy: ResponseHeadersPolicy.fromResponseHeadersPolicyId(
        scope,
        'SecurityHeaders',
        StringParameter.valueForStringParameter(scope, EDGE_PARAMETERS.responseHeadersPolicyId),
      ),
      apiCachePolicy: CachePolicy.fromCachePolicyId(
        scope,
        'ApiCachePolicy',
        StringParameter.valueForStringParameter(scope, EDGE_PARAMETERS.apiCachePolicyId),
      ),
    };
  }
}
