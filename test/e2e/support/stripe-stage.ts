import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../infra/local/free-port';
import { startLocalCloud } from '../../../infra/local/local-cloud';
import { startStripeStandIn } from '../../support/stripe-stand-in';
import { test as base } from './fixtures';
import { E2E_STRIPE_WEBHOOK_SECRET } from './stripe-webhook';

export interface StripeStage {
  /** The app, as the e2e server serves it, but with a Stripe secret key. */
  url: string;
  /** The local Stripe stand-in the handlers' Stripe client calls (test/support/stripe-stand-in.ts). */
  standInUrl: string;
}

/**
 * A stage with a Stripe secret key: the shared e2e server has none (its billing state comes from the
 * events themselves), so the portal-session flow gets a local cloud of its own in the worker, whose
 * Stripe calls go to the stand-in. Its pages are the SPA the e2e server built (web/dist).
 */
export const test = base.extend<object, { stripeStage: StripeStage }>({
  stripeStage: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const buildDir = await mkdtemp(path.join(os.tmpdir(), 'growthwise-e2e-stripe-'));
      const stripe = await startStripeStandIn(await freePort());
      try {
        const cloud = await startLocalCloud({
          port: await freePort(),
          inMemory: true,
          buildDir,
          webRoot: path.resolve(import.meta.dirname, '../../../web/dist'),
          env: {
            LOG_LEVEL: 'error',
            POWERTOOLS_METRICS_DISABLED: 'true',
            STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
            ...stripe.env,
          },
          clientAddressHeader: 'x-forwarded-for',
        });
        try {
          await use({ url: cloud.url, standInUrl: stripe.url });
        } finally {
          await cloud.stop();
        }
      } finally {
        await stripe.stop();
        await rm(buildDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ stripeStage }, use) => {
    await use(stripeStage.url);
  },
});
