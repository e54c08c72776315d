/**
 * The end-to-end run's local DNS server: its UDP port (the app's DNS_SERVERS) and its control port
 * (where a spec publishes TXT records), beside the run's app and mail ports (playwright.config.ts).
 */
export const e2eDnsPorts = () => {
  const port = Number(process.env.E2E_PORT);
  return { dns: port + 3, control: port + 4 };
};

export const e2eDnsControlUrl = () => `http://127.0.0.1:${e2eDnsPorts().control}`;
