import { randomInt } from 'node:crypto';

/** The header the test emulator takes the client's address from (EmulatorOptions.clientAddressHeader). */
export const CLIENT_ADDRESS_HEADER = 'x-forwarded-for';

/**
 * A random private address: every request is its own client unless a test names one, so the
 * per-address limits meet only the tests about them.
 */
export const randomClientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
