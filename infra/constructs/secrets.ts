import { type RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface SecretsProps {
  removalPolicy: RemovalPolicy;
}

/** The stage's generated secrets: the session signing key and the header that proves a request came through CloudFront. */
export class Secrets extends Construct {
  /** Read by the functions once per cold start (SESSION_SECRET_ARN). */
  readonly sessionSecret: Secret;
  /** Added by CloudFront as x-origin-verify on every /api request; the functions compare it. */
  readonly originVerifySecret: Secret;

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
    Validations.of(this.sessionSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'No automatic rotation: rotating the session key signs every user out, so it is rotated by hand (docs/decisions/007). The functions read it once per cold start.',
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'No automatic rotation: CloudFormation resolves it into the CloudFront origin header and the functions\' environment at deploy time, so a rotation outside a deployment would lock CloudFront out. Rotate by a deployment (docs/decisions/007).',
    });
  }
}
