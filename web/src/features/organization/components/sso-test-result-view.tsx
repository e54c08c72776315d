import type { SsoTestResultResponse } from '@shared/schemas/sso';

const PROTOCOL_NAMES = { oidc: 'OpenID Connect', saml: 'SAML 2.0' } as const;

/** A connection test's outcome: the claims the identity provider sent, or why its answer was refused. */
export function SsoTestResultView({ result }: { result: SsoTestResultResponse }) {
  if (result.outcome === 'refused') {
    return (
      <div className="grid gap-1" role="status">
        <p className="font-medium">The test sign-in was refused ({PROTOCOL_NAMES[result.protocol]}).</p>
        <p className="text-sm text-muted">Reason: {result.reason}</p>
      </div>
    );
  }
  const rows: [string, string][] = [
    ['Email', result.email ?? 'Not sent'],
    ['Name', result.name ?? 'Not sent'],
    [result.protocol === 'saml' ? 'NameID' : 'Subject', result.subject ?? 'Not sent'],
    [
      'Domain verified',
      result.domainVerified ? 'Yes' : 'No: this person could not sign in until their email’s domain is verified',
    ],
  ];
  return (
    <div className="grid gap-2" role="status">
      <p className="font-medium">The test sign-in worked ({PROTOCOL_NAMES[result.protocol]}). Claims received:</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
