import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { publishTxt } from '../../support/local-dns';

/** A domain nobody else in the run uses (the .test top-level domain is reserved for tests, RFC 2606). */
export const uniqueDomain = (label = 'corp') => `${label}-${randomUUID().slice(0, 8)}.test`;

/** Publishes TXT records at a name on the run's local DNS server, as an admin would at their DNS host. */
export const publishRecord = (name: string, values: string[] | { rcode: number }) => publishTxt(inject('dnsControlUrl'), name, values);
