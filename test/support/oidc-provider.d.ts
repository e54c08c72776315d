// oidc-provider ships no types: the few parts of its API the local identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims: () => Record<string, unknown>;
  }
  interface Configuration {
    clients: Record<string, unknown>[];
    cookies: { keys: string[] };
    claims: Record<string, string[]>;
    features: Record<string, { enabled: boolean }>;
    ttl: Record<string, number>;
    findAccount: (ctx: unknown, id: string) => Account | Promise<Account>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
