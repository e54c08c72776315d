/**
 * The header the bench's local clouds take a client's address from (EmulatorOptions.clientAddressHeader),
 * as the test suites' clouds do (test/integration/support/client-address.ts).
 */
export const CLIENT_ADDRESS_HEADER = 'x-forwarded-for';

/** The bench's phases, each with a block of client addresses of its own. */
const PHASES = [
  'latency',
  'scale',
  'mail',
  'cold-start',
  'writes',
  'browser',
  'load',
  'api-scale',
  'automations',
  'api-keys',
  'assistant',
  'webhooks',
] as const;
export type BenchPhase = (typeof PHASES)[number];

/** Addresses in a block: 10.<phase>.0.1 to 10.<phase>.255.254. */
const PER_PHASE = 256 * 254;

/**
 * A phase's own client addresses, a new one each call: the product's per-address limits (failed
 * sign-ins, registrations, reset mails: functions/throttles/rules.ts) then count each client of a
 * phase alone, and never what another phase or another client did from the same address. On one
 * address, 50 clients signing in at once took more attempts than its limit allows and were all
 * asked for an emailed code.
 */
export function phaseAddresses(phase: BenchPhase): () => string {
  const block = PHASES.indexOf(phase) + 1;
  let next = 0;
  return () => {
    if (next >= PER_PHASE) throw new Error(`the ${phase} phase used up its ${PER_PHASE} client addresses`);
    const index = next;
    next += 1;
    return `10.${block}.${Math.floor(index / 254)}.${(index % 254) + 1}`;
  };
}

/** The request headers that name `address` as the client's. */
export const fromAddress = (address: string) => ({ [CLIENT_ADDRESS_HEADER]: address });
