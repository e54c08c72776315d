import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../../infra/local/free-port';
import { startLocalCloud } from '../../../infra/local/local-cloud';
import { startBedrockStandIn } from '../../support/bedrock-stand-in';
import { startLocalDns } from '../../support/local-dns';
import { startLocalOidcProvider } from '../../support/local-oidc-provider';
import { startStripeStandIn } from '../../support/stripe-stand-in';
import { CLIENT_ADDRESS_HEADER } from './client-address';
import { divertHandlerLog } from './handler-log';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    dynamoDbEndpoint: string;
    tableName: string;
    /** Every log line and EMF metrics line the handlers wrote during the run, one JSON object a line. */
    handlerLogFile: string;
    /** The local mail catcher (maildev): its REST API lists every message at `${inboxUrl}/api/email` (maildev 3). */
    inboxUrl: string;
    /** The catcher's SMTP port, for tests that run a mailer of their own. */
    mailSmtpPort: number;
    stripeStandInUrl: string;
    bedrockStandInUrl: string;
    stripeWebhookSecret: string;
    /** The instant the functions' clock started at (functions/clock.ts): 'today' for the whole run. */
    clockStart: string;
    /** The functions' clock offset (GROWTHWISE_CLOCK_OFFSET_MS): a test computes a TOTP code for the instant the functions see. */
    clockOffsetMs: number;
    /** The local DNS server's control port: a test publishes a domain's TXT record there (test/support/local-dns.ts). */
    dnsControlUrl: string;
    /** The local OpenID Connect identity provider (test/support/local-oidc-provider.ts) and its one client, registered with this run's callback. */
    oidcIssuer: string;
    oidcClientId: string;
    oidcClientSecret: string;
  }
}

/**
 * One in-memory local cloud on free ports for the whole integration run, stopped afterwards. The
 * handlers log at INFO into a file of the run (test/integration/platform/observability.test.ts reads it).
 * Billing is configured: a webhook signing secret, and a test-mode secret key whose Stripe calls go
 * to a local stand-in.
 * The functions' clock is shifted to start at CLOCK_START (a Wednesday morning, UTC), so figures that
 * depend on 'today' (overdue, due soon, the weekly chart) are tested on a known date and the run
 * cannot cross midnight.
 */
const CLOCK_START = '2025-03-12T06:00:00.000Z';

/** bcrypt's least cost: every sign-up and sign-in of the suite still hashes and compares for real (functions/security/passwords.ts). */
const LOCAL_PASSWORD_HASH_COST = '4';
/** A twentieth of each failed-password delay: still waited, still logged whole (functions/throttles/failed-password-delay.ts). */
const LOCAL_FAILED_PASSWORD_DELAY_PERCENT = '5';

export default async function setup(project: TestProject) {
  const buildDir = await mkdtemp(path.join(os.tmpdir(), 'growthwise-functions-'));
  const handlerLogFile = path.join(buildDir, 'handlers.log');
  const restoreOutput = divertHandlerLog(handlerLogFile);
  const stripe = await startStripeStandIn(await freePort());
  const bedrock = await startBedrockStandIn(await freePort(), await freePort());
  const dns = await startLocalDns();
  const port = await freePort();
  const idp = await startLocalOidcProvider({
    port: await freePort(),
    redirectUris: [`http://localhost:${port}/api/sso/oidc/callback`],
  });
  const stripeWebhookSecret = `whsec_test_${randomBytes(16).toString('hex')}`;
  const clockOffsetMs = Date.parse(CLOCK_START) - Date.now();
  const cloud = await startLocalCloud({
    port,
    inMemory: true,
    // Every file of the half goes through this one database: Java's full compiler pays off (docs/decisions/082).
    databaseWorkload: 'heavy',
    buildDir,
    env: {
      EXPOSE_DB_CALLS: '1',
      PASSWORD_HASH_COST: LOCAL_PASSWORD_HASH_COST,
      FAILED_PASSWORD_DELAY_PERCENT: LOCAL_FAILED_PASSWORD_DELAY_PERCENT,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      ...stripe.env,
      // The assistant's cloud path, against a stand-in of the Bedrock Runtime endpoint (test/support/bedrock-stand-in.ts).
      ...bedrock.env,
      GROWTHWISE_CLOCK_OFFSET_MS: String(clockOffsetMs),
      DNS_SERVERS: dns.servers,
    },
    clientAddressHeader: CLIENT_ADDRESS_HEADER,
  }).catch(async (error: unknown) => {
    await stripe.stop();
    await bedrock.stop();
    await dns.stop();
    await idp.stop();
    throw error;
  });
  project.provide('apiUrl', cloud.url);
  project.provide('dynamoDbEndpoint', cloud.dynamoDbEndpoint);
  project.provide('tableName', cloud.tableName);
  project.provide('handlerLogFile', handlerLogFile);
  project.provide('inboxUrl', cloud.inboxUrl);
  project.provide('mailSmtpPort', cloud.mailSmtpPort);
  project.provide('stripeStandInUrl', stripe.url);
  project.provide('stripeWebhookSecret', stripeWebhookSecret);
  project.provide('bedrockStandInUrl', bedrock.controlUrl);
  project.provide('clockStart', CLOCK_START);
  project.provide('clockOffsetMs', clockOffsetMs);
  project.provide('dnsControlUrl', dns.controlUrl);
  project.provide('oidcIssuer', idp.issuer);
  project.provide('oidcClientId', idp.clientId);
  project.provide('oidcClientSecret', idp.clientSecret);
  return async () => {
    await cloud.stop();
    await stripe.stop();
    await bedrock.stop();
    await dns.stop();
    await idp.stop();
    restoreOutput();
    await rm(buildDir, { recursive: true, force: true });
  };
}
