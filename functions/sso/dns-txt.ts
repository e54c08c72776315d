import { Resolver } from 'node:dns/promises';
import { dnsServers } from '../config';

/** What a TXT lookup found: the records (each one's strings joined), or that the lookup itself failed. */
export type TxtLookup = { records: string[] } | { failed: string };

/** DNS answers meaning "no such record": the name does not exist, or has no TXT record. */
const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA']);

/**
 * The system's resolvers, or those DNS_SERVERS names (`host:port[,…]`): how `npm start` and the tests
 * point the lookups at a local DNS server. Made per lookup: it is rare, and the setting is read as it is now.
 */
function resolver(): Resolver {
  // Short: the route answers within the function's timeout even when a server does not answer at all.
  const made = new Resolver({ timeout: 2_000, tries: 2 });
  const servers = dnsServers();
  if (servers.length > 0) made.setServers(servers);
  return made;
}

/** The TXT records at a name. A record split into several strings (over 255 bytes) is one value again. */
export async function lookUpTxt(name: string): Promise<TxtLookup> {
  try {
    return { records: (await resolver().resolveTxt(name)).map((parts) => parts.join('')) };
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'ERROR';
    return NO_RECORD.has(code) ? { records: [] } : { failed: code };
  }
}
