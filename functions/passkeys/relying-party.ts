import { PRODUCT_NAME } from '../../shared/product';
import { requiredAppOrigins } from '../config';

/**
 * The relying party is the stage's own site: its origins are APP_ORIGINS (the stage's, as the
 * cross-site guard reads them) and its id the host of the first, 'localhost' locally and the site's
 * domain in the cloud. A passkey made on one stage is useless on another.
 */
export function relyingParty() {
  const origins = requiredAppOrigins('passkeys need the stage origin');
  return { name: PRODUCT_NAME, id: new URL(origins[0]!).hostname, origins };
}

/** The key types a new passkey may have, in order of preference: Ed25519, ES256 (P-256), RS256. */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];
