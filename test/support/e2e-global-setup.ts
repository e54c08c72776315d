import { startLocalDns } from './local-dns';
import { e2eDnsPorts } from '../e2e/support/local-dns-ports';

/**
 * Playwright's global setup (apart from test/e2e, whose type-check does not know dns2's declarations):
 * once per end-to-end run, in the runner's process: the local DNS server the app's TXT lookups go to
 * (playwright.config.ts points the app at it with DNS_SERVERS), on ports chosen from the run's port.
 */
export default async function globalSetup() {
  const dns = await startLocalDns(e2eDnsPorts());
  return () => dns.stop();
}
