import { inject } from 'vitest';
import type { ConverseSent, StandInFault } from '../../support/bedrock-stand-in';

/** What the suite's Bedrock stand-in was sent, and the fault it answers next (test/support/bedrock-stand-in.ts). */
export const standIn = {
  async sent(): Promise<ConverseSent[]> {
    return (await fetch(`${inject('bedrockStandInUrl')}/__stand-in/sent`)).json() as Promise<ConverseSent[]>;
  },
  /** The calls whose user turn holds `marker` (the suite's other files send theirs too). */
  async sentWith(marker: string): Promise<ConverseSent[]> {
    return (await this.sent()).filter((call) => call.body.messages?.some((m) => m.content.some((c) => c.text.includes(marker))));
  },
  async failNext(fault: StandInFault): Promise<void> {
    await fetch(`${inject('bedrockStandInUrl')}/__stand-in/fault`, { method: 'PUT', body: JSON.stringify(fault) });
  },
};
