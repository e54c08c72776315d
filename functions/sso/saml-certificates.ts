import { X509Certificate } from 'node:crypto';

/** A certificate as metadata carries it (base64 DER, whitespace anywhere), or undefined when it is none. */
export function readCertificate(base64: string): X509Certificate | undefined {
  try {
    return new X509Certificate(Buffer.from(base64.replace(/\s+/g, ''), 'base64'));
  } catch {
    return undefined;
  }
}

/** What the settings show of a stored signing certificate: enough to compare with the IdP's screen and to see it expire. */
export function certificateSummary(base64: string): { subject: string; fingerprintSha256: string; expiresAt: string } {
  const certificate = readCertificate(base64);
  if (!certificate) return { subject: '', fingerprintSha256: '', expiresAt: '' };
  return {
    subject: certificate.subject.replaceAll('\n', ', '),
    fingerprintSha256: certificate.fingerprint256,
    expiresAt: new Date(certificate.validTo).toISOString(),
  };
}
