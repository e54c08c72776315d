import { describe, expect, it } from 'vitest';
import { domainOfEmail, isDomainName, normalizeDomainName } from './domain-name';

describe('domain names an organization can verify', () => {
  it('takes names of two labels or more, in lower case, with inner hyphens and xn-- labels', () => {
    for (const name of [
      'example.com',
      'mail.example.co.uk',
      'my-company.io',
      'xn--bcher-kva.example',
      '9to5.com',
      `${'a'.repeat(63)}.com`,
    ])
      expect(isDomainName(name), name).toBe(true);
  });

  it('refuses single labels, addresses, spaces, underscores, edge hyphens, empty or overlong labels, and upper case', () => {
    const refused = [
      '',
      'localhost',
      '192.168.1.1',
      'exa mple.com',
      'ex_ample.com',
      '-bad.com',
      'bad-.com',
      'a..com',
      '.com',
      `${'a'.repeat(64)}.com`,
      'Example.com',
      `${'a.'.repeat(127)}com`,
    ];
    for (const name of refused) expect(isDomainName(name), name).toBe(false);
  });

  it('reads a domain as typed: trimmed, lower-cased, without the root dot', () => {
    expect(normalizeDomainName('  Example.COM. ')).toBe('example.com');
    expect(domainOfEmail('Ana@Mail.Example.com')).toBe('mail.example.com');
  });
});
