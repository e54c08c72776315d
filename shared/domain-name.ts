/**
 * Internet domain names an organization can prove it owns (verified domains, issue 40). Apart from
 * the schemas: the path guard checks a {domain} path parameter with it, and that runs in every
 * handler bundle, which must not carry zod (docs/decisions/021i).
 */

/** RFC 1035's limit on a whole name. */
export const DOMAIN_NAME_MAX_LENGTH = 253;

/**
 * Two labels at least, each 1 to 63 letters, digits or inner hyphens, the last not all digits (so an
 * IPv4 address is not a domain). A literal: a RegExp built at the top level is a side effect to esbuild.
 */
const DOMAIN_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?=[a-z0-9-]*[a-z])[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** As people type and paste it: surrounding space, capitals and a trailing root dot are not part of the name. */
export const normalizeDomainName = (value: string) => value.trim().toLowerCase().replace(/\.$/, '');

/** True for a lower-case ASCII domain name (an internationalized one is entered in its xn-- form). */
export const isDomainName = (value: string) => value.length <= DOMAIN_NAME_MAX_LENGTH && DOMAIN_NAME.test(value);

/** The domain part of an email address, lower-case. */
export const domainOfEmail = (email: string) => normalizeDomainName(email.slice(email.lastIndexOf('@') + 1));
