import { type RemovalPolicy, SecretValue, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

interface SecretsProps {
  removalPolicy: RemovalPolicy;
  /** The region of the stage's backup copies: the secret a restored table cannot be read without is kept there too. */
  replicaRegion: string | null;
  /** The origin-verify version CloudFront and the functions get; null: whatever is AWSCURRENT at the stack's first deployment. */
  originVerifyVersionId: string | null;
}

/**
 * The stage's secrets: the session signing key and the header that proves a request came through
 * CloudFront (generated), and Stripe's secret key and webhook signing secret (put in by an operator).
 */
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
  /**
   * Stripe's secret key (sk_test_… for every stage but prod) and the webhook endpoint's signing
   * secret (whsec_…). Created with a placeholder the functions treat as "billing not configured";
   * docs/deploy.md: pointing a Stripe webhook endpoint at a stage.
   */
  readonly stripeSecretKey: Secret;
  readonly stripeWebhookSecret: Secret;
  /**
   * The key material of the stored two-factor secrets and recovery-code hashes (MFA_ENCRYPTION_SECRET_ARN),
   * read only by the two-factor routes. Never rotated: a new value would make every stored TOTP
   * secret unreadable (docs/decisions/016).
   */
  readonly mfaEncryptionSecret: Secret;

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
    this.stripeSecretKey = new Secret(this, 'StripeSecretKey', {
      description:
        'Growthwise: Stripe secret key (test-mode keys on every stage but the live one); a value not starting with sk_ or rk_ means not configured',
      generateSecretString: { passwordLength: 32, excludePunctuation: true },
      removalPolicy: props.removalPolicy,
    });
    this.stripeWebhookSecret = new Secret(this, 'StripeWebhookSecret', {
      description:
        "Growthwise: signing secret of the stage's Stripe webhook endpoint; a value not starting with whsec_ means not configured",
      generateSecretString: { passwordLength: 32, excludePunctuation: true },
      removalPolicy: props.removalPolicy,
    });
    this.mfaEncryptionSecret = new Secret(this, 'MfaEncryptionSecret', {
      description:
        'Growthwise: key material of the stored two-factor secrets and recovery-code hashes; never rotate (docs/decisions/016)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: props.removalPolicy,
      // The table's copies hold two-factor secrets encrypted under it: without it a restore elsewhere locks those users out.
      replicaRegions: props.replicaRegion ? [{ region: props.replicaRegion }] : undefined,
    });
    Validations.of(this.mfaEncryptionSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Not rotated: the TOTP secrets are stored encrypted under a key derived from it, so a new value would lock every user with two-factor out; a rotation needs a re-encryption of those items first (docs/decisions/016).',
    });
    for (const secret of [this.stripeSecretKey, this.stripeWebhookSecret]) {
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'No automatic rotation: the value is issued by Stripe (dashboard: API keys, webhook endpoint) and rolled there, then put in with put-secret-value; the functions read it once per cold start.',
      });
    }
    Validations.of(this.sessionSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by hand with put-secret-value (docs/runbook.md, "Rotate a secret"): the functions accept tokens signed with the current or the previous version (docs/decisions/020); an automatic rotation would need a rotation function for a value that has no downstream system to update.',
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by hand (docs/runbook.md, "Rotate a secret"): put-secret-value, then a deployment pinning the new version into CloudFront\'s header and the functions, which accept the current and previous versions meanwhile (docs/decisions/020).',
    });
  }
}
