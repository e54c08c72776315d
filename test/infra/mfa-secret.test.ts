import { describe, expect, it } from 'vitest';
import { routes, secretsOf } from '../../functions/routes';
import { ofType, synthStage } from './synth-stage';

/** The mailer and its sweeper's retries: both send list mails, whose unsubscribe links they sign (decision 055). */
const MAIL_SENDERS = [
  'Sends the mail of new outbox items (the table stream)',
  'Tries again the mails whose sends failed or that the stream lost, then marks them failed (every 5 minutes)',
];

type Statement = { Action: string | string[]; Resource: unknown };

describe.each(['prod', 'pr-1'])('stage %s: the two-factor encryption secret', (name) => {
  const { stage } = synthStage(name);
  const secrets = ofType(stage, 'AWS::SecretsManager::Secret');
  const mfaSecret = secrets.find(([id]) => id.startsWith('SecretsMfaEncryptionSecret'));

  const roleIdOf = (fn: { Properties?: Record<string, unknown> }) =>
    (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const readsMfaSecret = (roleId: string) =>
    ofType(stage, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
      .flatMap(([, policy]) => (policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement)
      .some(
        (statement) =>
          [statement.Action].flat().includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(statement.Resource).includes(mfaSecret![0]),
      );

  it('is a generated secret of its own, kept with prod', () => {
    expect(mfaSecret).toBeDefined();
    expect(mfaSecret![1].Properties?.GenerateSecretString).toBeDefined();
    expect(mfaSecret![1].DeletionPolicy).toBe(name === 'prod' ? 'Retain' : 'Delete');
  });

  it('is readable only by the functions of the routes that name it (setup, enable, disable, new recovery codes, the code step of sign-in, a step-up by code; saving and using an SSO connection, whose client secret is encrypted under it: decision 044; the routes of the unsubscribe links, and the mailer and its sweeper that sign them: decision 055)', () => {
    const functions = ofType(stage, 'AWS::Lambda::Function');
    const readers = routes
      .filter((route) => secretsOf(route).includes('mfaEncryption'))
      .map((route) => `${route.method} ${route.path}`);
    expect(readers.sort()).toEqual(
      [
        'POST /api/login/mfa',
        'POST /api/user/mfa/disable',
        'POST /api/user/mfa/enable',
        'POST /api/user/mfa/recovery-codes',
        'POST /api/user/mfa/setup',
        'POST /api/user/step-up',
        'GET /api/sso/oidc/callback',
        'PUT /api/organization/sso',
        'POST /api/mail-subscriptions/unsubscribe',
        'POST /api/mail-subscriptions/resubscribe',
      ].sort(),
    );
    for (const [, fn] of functions) {
      const description = String(fn.Properties?.Description ?? '');
      const env = (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      const shouldRead = readers.includes(description) || MAIL_SENDERS.includes(description);
      expect(readsMfaSecret(roleIdOf(fn)), description).toBe(shouldRead);
      expect('MFA_ENCRYPTION_SECRET_ARN' in env, description).toBe(shouldRead);
    }
  });
});
