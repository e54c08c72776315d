import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { freePorts } from './infra/local/free-port';
import { e2eDatabase, e2eDnsPorts } from './test/e2e/support/local-servers';
import { E2E_STRIPE_WEBHOOK_SECRET } from './test/e2e/support/stripe-webhook';

/**
 * End-to-end tests in Chromium against the whole product, started as `npm start` starts it but
 * in memory on a free port. Debian's Chromium headless shell where it is installed (the same engine
 * without the browser's UI layers: the suite takes 40 % less CPU than in the full browser,
 * docs/decisions/072), else Debian's Chromium (no browser downloads here), else Playwright's own.
 */
// The config is read again by each worker: the port chosen once travels in the environment. The app and
// its servers take it and the six after it (test/e2e/support/local-servers.ts), all free and below the
// ephemeral range: one of them taken by a connection of the integration half beside the run failed to
// listen (EADDRINUSE) and the run with it.
process.env.E2E_PORT ??= String(await freePorts(7));
const port = Number(process.env.E2E_PORT);
// The local inbox's web port (its REST API is read by the mail specs); SMTP takes whatever is free.
process.env.E2E_MAIL_UI_PORT ??= String(port + 1);
const baseURL = `http://localhost:${port}`;
const debianChromium = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  // Pages mostly wait (on the server, on the network): three browsers keep 2 cores busy where two
  // left gaps (docs/decisions/029).
  workers: process.env.CI ? 3 : undefined,
  // A guard against a hung test, not a speed check (those are benchmarks): this machine's speed varies by
  // 2 × between hours (the same loop in 1.5 and 3 s), and at half speed beside the integration suite a
  // 15-second two-browser test passed 30 s (docs/decisions/074).
  timeout: 60_000,
  // An assertion waits up to 15 s for the state a person would wait for: a screen's first query, on a handler
  // loaded cold beside the integration suite on a machine at a third of its speed, took over 7 s (decision 074).
  expect: { timeout: 15_000 },
  // The local DNS server the verified-domain spec publishes TXT records on.
  globalSetup: './test/support/e2e-global-setup.ts',
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL,
    // A worker's tests share one browser context, reset between them (cookies, storage, cache, routes, init
    // scripts, extra pages, the clock): its renderer keeps the app it compiled, 12 % less CPU for the same
    // tests (docs/decisions/080). Each test still sets its own client address (support/fixtures.ts).
    reuseContext: true,
    // A failed test keeps a trace of its actions, each with its call log, timing and error, and a screenshot of
    // the page as it failed. Without the screencast (decision 029) and without a DOM snapshot before and after
    // every action in every test, passing ones included: 5 % of the suite's CPU (decision 083).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(debianChromium ? { executablePath: debianChromium } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `npx tsx infra/local/start.ts --in-memory --port ${port} --client-address-header x-forwarded-for --dynamodb-port ${e2eDatabase().port}`,
    url: baseURL,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Billing events signed by the tests are accepted; Stripe's API is never called (no secret key).
    // Passwords hashed at bcrypt's least cost and a twentieth of each failed-password delay waited, as in
    // the integration suite (functions/security/passwords.ts, functions/throttles/failed-password-delay.ts).
    env: {
      LOG_LEVEL: 'error',
      PASSWORD_HASH_COST: '4',
      FAILED_PASSWORD_DELAY_PERCENT: '5',
      MAIL_UI_PORT: process.env.E2E_MAIL_UI_PORT,
      MAIL_SMTP_PORT: String(port + 2),
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
      DNS_SERVERS: `127.0.0.1:${e2eDnsPorts().dns}`,
    },
  },
});
