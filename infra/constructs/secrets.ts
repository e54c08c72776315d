import { type RemovalPolicy, SecretValue, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface SecretsProps {
  removalPolicy: RemovalPolicy;
  /** The origin-verify version CloudFront and the functions get; null: whatever is AWSCURRENT at the stack's first deployment. */
  originVerifyVersionId: string | null;
}

/** The stage's generated secrets: the session signing key and the header that proves a request came through CloudFront. */
export class Secrets extends Construct {
  /** Read by the functions once per cold start (SESSION_SECRET_ARN). */
  readonly sessionSecret: Secret;
  /** Added by CloudFront as x-origin-verify on every /api request; the functions compare it. */
  readonly originVerifySecret: Secret;
  /**
   * The origin-verify value as a dynamic reference pinned to the stage's version: changing the version
   * is a template change, so CloudFormation resolves it again for CloudFront and the functions alike.
   */
  readonly originVerifyValue: string;

  constructor(scope: Construct, id: string, props: SecretsProps) {
    super(scope, id);
    this.sessionSecret = new Secret(this, 'SessionSecret', {
      description: 'Growthwise: HS256 key that signs session cookies',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: props.removalPolicy,
    });
    this.originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      description: 'Growthwise: header value CloudFront adds to /api requests (x-origin-verify)',
      // Header-safe characters only.
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: props.removalPolicy,
    });
    this.originVerifyValue = (
      props.originVerifyVersionId
        ? SecretValue.secretsManager(this.originVerifySecret.secretArn, { versionId: props.originVerifyVersionId })
        : this.originVerifySecret.secretValue
    ).unsafeUnwrap();
    Validations.of(this.sessionSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by hand with put-secret-value (README, "Rotate a secret"): the functions accept tokens signed with the current or the previous version (docs/decisions/020); an automatic rotation would need a rotation function for a value that has no downstream system to update.',
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by hand (README, "Rotate a secret"): put-secret-value, then a deployment pinning the new version into CloudFront\'s header and the functions, which accept the current and previous versions meanwhile (docs/decisions/020).',
    });
  }
}
