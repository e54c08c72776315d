import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../infra/web/security-headers';
import { SPA_HTML_FILES, rewriteSpaPath } from '../../infra/web/spa-fallback';
import { ofType, synthStage } from './synth-stage';

/** Managed CloudFront policy ids (AWS documentation). */
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

/**
 * The prerendered public pages go to their own files (decision 011), the register mode of /auth to
 * its own (decision 019), every other app path to the empty shell. A third element is the query's `tab`.
 */
const SAMPLES: [string, string, string?][] = [
  ['/', '/index.html'],
  ['/auth', '/auth-register.html', 'register'],
  ['/auth/', '/auth-register.html', 'register'],
  ['/auth', '/auth.html', 'login'],
  ['/terms', '/terms.html', 'register'],
  ['/dashboard', '/app.html', 'register'],
  ['//', '/index.html'],
  ['/auth', '/auth.html'],
  ['/auth/', '/auth.html'],
  ['/terms', '/terms.html'],
  ['/privacy/', '/privacy.html'],
  ['/dashboard', '/app.html'],
  ['/projects/abc', '/app.html'],
  ['/organization-settings', '/app.html'],
  ['/authx', '/app.html'],
  ['/auth/extra', '/app.html'],
  ['/terms/privacy', '/app.html'],
  ['/no-such-page', '/app.html'],
  ['/index', '/app.html'],
  ['/assets/x.js', '/assets/x.js'],
  ['/config.json', '/config.json'],
  ['/auth.html', '/auth.html'],
  ['/api/user', '/api/user'],
  ['/api', '/api'],
];

type Behaviour = Record<string, unknown>;

describe('web: CloudFront serves the SPA as the emulator does', () => {
  const { stage, shared } = synthStage('pr-1');
  const distribution = ofType(stage, 'AWS::CloudFront::Distribution')[0]![1].Properties!.DistributionConfig as {
    DefaultCacheBehavior: Behaviour;
    CacheBehaviors: Behaviour[];
    Origins: {
      Id: string;
      OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
      S3OriginConfig?: unknown;
      DomainName: unknown;
    }[];
    CustomErrorResponses?: unknown;
  };

  describe('the CloudFront Function, as deployed', () => {
    const [, fn] = ofType(shared, 'AWS::CloudFront::Function')[0]!;
    const code = fn.Properties!.FunctionCode as string;
    // CloudFront's event shape: every query parameter as { value }, an empty object when there is none.
    const viewerRequest = (uri: string, tab?: string) =>
      (
        vm.runInNewContext(`${code}\nhandler(event);`, {
          event: { request: { uri, method: 'GET', headers: {}, querystring: tab === undefined ? {} : { tab: { value: tab } } } },
        }) as { uri: string }
      ).uri;

    it.each(SAMPLES)('rewrites %s to %s (tab: %s)', (uri, expected, tab) => {
      expect(viewerRequest(uri, tab)).toBe(expected);
      expect(rewriteSpaPath(uri, tab)).toBe(expected);
    });

    it('answers every extension-less path with one of the HTML files a complete build has, and each of them is reached', () => {
      const answers = new Set(
        SAMPLES.filter(([uri]) => !uri.startsWith('/api') && !/\.[a-z]+$/.test(uri)).map(([uri, , tab]) =>
          viewerRequest(uri, tab),
        ),
      );
      expect([...answers].sort()).toEqual(SPA_HTML_FILES.map((file) => `/${file}`).sort());
    });

    it('runs on cloudfront-js-2.0 and is published', () => {
      expect(fn.Properties).toMatchObject({ AutoPublish: true, FunctionConfig: { Runtime: 'cloudfront-js-2.0' } });
    });
  });

  it('sends exactly the security headers the emulator sends', () => {
    const [, policy] = ofType(shared, 'AWS::CloudFront::ResponseHeadersPolicy')[0]!;
    const config = policy.Properties!.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
      CustomHeadersConfig: { Items: { Header: string; Value: string; Override: boolean }[] };
    };
    const headers = config.SecurityHeadersConfig;
    const hsts = headers.StrictTransportSecurity!;
    const sent = {
      'strict-transport-security': [
        `max-age=${hsts.AccessControlMaxAgeSec}`,
        hsts.IncludeSubdomains && 'includeSubDomains',
        hsts.Preload && 'preload',
      ]
        .filter(Boolean)
        .join('; '),
      'content-security-policy': headers.ContentSecurityPolicy!.ContentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'x-frame-options': headers.FrameOptions!.FrameOption,
      'referrer-policy': headers.ReferrerPolicy!.ReferrerPolicy,
      ...Object.fromEntries(config.CustomHeadersConfig.Items.map((item) => [item.Header, item.Value])),
    };
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(sent).toEqual(SECURITY_HEADERS);
    expect(sent).toMatchObject({
      'permissions-policy': expect.stringContaining('camera=()'),
      'cross-origin-opener-policy': 'same-origin',
    });
  });

  it("lets a response keep its own CSP (the avatar image's) and overrides every other security header", () => {
    const [, policy] = ofType(shared, 'AWS::CloudFront::ResponseHeadersPolicy')[0]!;
    const config = policy.Properties!.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, { Override: boolean }>;
      CustomHeadersConfig: { Items: { Override: boolean }[] };
    };
    const { ContentSecurityPolicy, ...others } = config.SecurityHeadersConfig;
    expect(ContentSecurityPolicy!.Override).toBe(false);
    expect(Object.values(others).map((header) => header.Override)).toEqual(Object.values(others).map(() => true));
    expect(config.CustomHeadersConfig.Items.every((item) => item.Override)).toBe(true);
  });

  it('serves the bucket through the SPA function, with the security headers and no custom error responses', () => {
    expect(distribution.CustomErrorResponses).toBeUndefined();
    const behaviour = distribution.DefaultCacheBehavior;
    expect(behaviour).toMatchObject({ CachePolicyId: CACHING_OPTIMIZED, ViewerProtocolPolicy: 'redirect-to-https' });
    expect(behaviour.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: expect.anything() }]);
    expect(JSON.stringify(behaviour.FunctionAssociations)).toContain('Ref');
    expect(behaviour.ResponseHeadersPolicyId).toEqual(expect.objectContaining({ Ref: expect.any(String) }));
    const s3 = distribution.Origins.find((origin) => origin.Id === behaviour.TargetOriginId)!;
    expect(s3.S3OriginConfig).toBeDefined();
    stage.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3' },
    });
    stage.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
  });

  it('forwards /api/* uncached but compressed, with every viewer header but Host, and caches /api/avatars/* by path', () => {
    const [avatars, api, ...others] = distribution.CacheBehaviors;
    expect(others).toEqual([]);
    // Issue 62, item 9 (decision 101): CachingDisabled's TTLs of 0 keep CloudFront from compressing; the shared
    // stack's policy compresses and caches nothing, since every /api answer is no-store (test/integration/auth/session.test.ts).
    // A cache policy counts against an account-wide quota, so the stage only refers to it (the SSM parameter).
    expect(api!.Compress).toBe(true);
    const parameter = (api!.CachePolicyId as { Ref: string }).Ref;
    const parameters = (stage.toJSON() as { Parameters: Record<string, { Default?: string }> }).Parameters;
    expect(parameters[parameter]!.Default).toBe('/growthwise/shared/api-cache-policy-id');
    const policies = ofType(shared, 'AWS::CloudFront::CachePolicy');
    expect(policies).toHaveLength(1);
    const [policyId, policy] = policies[0]!;
    expect(policy!.Properties!.CachePolicyConfig).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 1,
      ParametersInCacheKeyAndForwardedToOrigin: {
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
        CookiesConfig: { CookieBehavior: 'all' },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
      },
    });
    const published = ofType(shared, 'AWS::SSM::Parameter').find(
      ([, resource]) => resource.Properties!.Name === '/growthwise/shared/api-cache-policy-id',
    );
    expect(published?.[1].Properties!.Value).toEqual({ Ref: policyId });
    expect(api).toMatchObject({
      PathPattern: '/api/*',
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      ViewerProtocolPolicy: 'https-only',
    });
    // Before /api/*: CloudFront takes the first matching pattern.
    expect(avatars).toMatchObject({
      PathPattern: '/api/avatars/*',
      CachePolicyId: CACHING_OPTIMIZED,
      AllowedMethods: ['GET', 'HEAD'],
    });
    expect(avatars!.OriginRequestPolicyId).toBeUndefined();
    expect(avatars!.TargetOriginId).toBe(api!.TargetOriginId);
    expect(api!.ResponseHeadersPolicyId).toEqual(distribution.DefaultCacheBehavior.ResponseHeadersPolicyId);
  });

  it('adds the per-stage x-origin-verify secret to API requests, the same secret the functions compare', () => {
    const apiOrigin = distribution.Origins.find((origin) => origin.Id === distribution.CacheBehaviors[1]!.TargetOriginId)!;
    const header = apiOrigin.OriginCustomHeaders?.find((h) => h.HeaderName === 'x-origin-verify');
    expect(JSON.stringify(header?.HeaderValue)).toContain('{{resolve:secretsmanager:');
    for (const [, fn] of ofType(stage, 'AWS::Lambda::Function')) {
      const env = (fn.Properties!.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables;
      if (env?.ORIGIN_VERIFY_SECRET) expect(env.ORIGIN_VERIFY_SECRET).toEqual(header!.HeaderValue);
    }
  });

  it('without a web build, deploys the placeholder page under every HTML file the function answers with (and config.json)', () => {
    const site = ofType(stage, 'Custom::CDKBucketDeployment').find(([id]) => id.startsWith('WebSite'))![1];
    expect(site.Properties!.SourceObjectKeys).toHaveLength(SPA_HTML_FILES.length + 1);
  });

  describe('with a web build', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'growthwise-web-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(path.join(dir, 'assets', 'x.js'), 'console.log(1)\n//# sourceMappingURL=x.js.map');
    writeFileSync(path.join(dir, 'assets', 'x.js.map'), '{"version":3,"sources":["secret-source.ts"]}');
    writeFileSync(path.join(dir, 'prerender.js.map'), '{"version":3}');
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('deploys hashed assets (immutable, never pruned) before index.html and config.json (revalidated, then invalidated)', () => {
      const deployments = ofType(synthStage('pr-1', dir).stage, 'Custom::CDKBucketDeployment');
      const assets = deployments.find(([id]) => id.startsWith('WebAssets'))![1];
      const site = deployments.find(([id]) => id.startsWith('WebSite'))![1];
      expect(assets.Properties).toMatchObject({
        DestinationBucketKeyPrefix: 'assets/',
        Prune: false,
        SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      });
      expect(site.Properties).toMatchObject({ Prune: true, Exclude: ['assets/*'], DistributionPaths: ['/*'] });
      expect(site.Properties!.SourceObjectKeys).toHaveLength(2);
      expect(JSON.stringify(site.DependsOn)).toContain(deployments.find(([id]) => id.startsWith('WebAssets'))![0]);
    }, 60_000);

    it('keeps the source maps out of what is uploaded to the bucket (issue 21, item 7)', () => {
      const outdir = synthStage('pr-1', dir).app.outdir;
      const staged = readdirSync(outdir, { recursive: true, encoding: 'utf8' });
      expect(staged.some((file) => file.endsWith(`assets${path.sep}x.js`) || file.endsWith(`${path.sep}x.js`))).toBe(true);
      expect(staged.filter((file) => file.endsWith('.map'))).toEqual([]);
    }, 60_000);
  });
});
