import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { handlerName, routes } from '../../functions/routes';
import { HANDLER_BUNDLING } from '../bundling';
import { writeOpenApiDocument } from '../openapi/write-openapi-document';
import { bundleThroughCache } from './bundle-cache';
import { recordProfileEvent } from './profile-events';

const FUNCTIONS_DIR = path.resolve(import.meta.dirname, '../../functions');

/** Where an entry point's source lives: a route's handler, or a stream, queue or schedule function. */
export const handlerEntry = (handler: string) => path.join(FUNCTIONS_DIR, 'handlers', `${handler}.ts`);

/**
 * Bundles every handler of the route table and the stream and schedule functions, with the settings the CDK uses, into
 * outDir/<name>/index.mjs. One esbuild call for all of them (each still a bundle of its own, no
 * shared chunks): esbuild parses the shared modules once, several times faster than one call each.
 * Sources unchanged since the last call (by any process), the bundles are copied from the cache; else the
 * OpenAPI document is generated first, for the bundle that serves it.
 */
export async function buildFunctions(outDir: string): Promise<Map<string, string>> {
  const handlers = [...new Set(routes.map((route) => route.handler))];
  await bundleThroughCache(
    {
      ...Object.fromEntries(handlers.map((handler) => [handlerName({ handler }), handlerEntry(handler)])),
      [MAILER]: MAILER_ENTRY,
      [OUTBOX_SWEEPER]: OUTBOX_SWEEPER_ENTRY,
      [FAN_OUT]: FAN_OUT_ENTRY,
      [AUTOMATIONS]: AUTOMATIONS_ENTRY,
      [FIGURES]: FIGURES_ENTRY,
      [TRIAL_ALERTS]: TRIAL_ALERTS_ENTRY,
      [DUE_REMINDERS]: DUE_REMINDERS_ENTRY,
      [WEBHOOKS]: WEBHOOKS_ENTRY,
      [WEBHOOK_SWEEPER]: WEBHOOK_SWEEPER_ENTRY,
    },
    outDir,
    // The OpenAPI route's bundle takes the document generated from the contract (docs/decisions/115).
    async (entries, dir) => {
      await writeOpenApiDocument();
      await bundleHandlers(entries, dir);
    },
  );
  return new Map(
    [
      ...handlers,
      MAILER,
      OUTBOX_SWEEPER,
      FAN_OUT,
      AUTOMATIONS,
      FIGURES,
      TRIAL_ALERTS,
      DUE_REMINDERS,
      WEBHOOKS,
      WEBHOOK_SWEEPER,
    ].map((handler) => [handler, path.join(outDir, handlerName({ handler }), 'index.mjs')]),
  );
}

/** The stream consumer that sends the outbox's mail (not a route): bundled beside the handlers under this name. */
export const MAILER = 'mailer';
export const MAILER_ENTRY = handlerEntry('mailer/deliver-outbox');

/** The scheduled later tries of mails whose sends failed (functions/mailer/later-tries.ts); locally its tests call it. */
export const OUTBOX_SWEEPER = 'outbox-sweeper';
export const OUTBOX_SWEEPER_ENTRY = handlerEntry('mailer/sweep-outbox');

/** The change bus's consumer that writes the notifications and figures of change events (not a route). */
export const FAN_OUT = 'notification-fan-out';
export const FAN_OUT_ENTRY = handlerEntry('notifications/fan-out-events');

/** The change bus's consumer that runs the automations an event starts (issue 64). */
export const AUTOMATIONS = 'automations';
export const AUTOMATIONS_ENTRY = handlerEntry('automations/run-automations');

/** The change bus's consumer that adds the organization's figures of change events and status moves (decision 112). */
export const FIGURES = 'figures';
export const FIGURES_ENTRY = handlerEntry('projects/count-figures');

/** The daily trial-ending alert (a schedule invokes it in the cloud; locally its tests call it): bundled to keep it in the budget. */
export const TRIAL_ALERTS = 'trial-alerts';
export const TRIAL_ALERTS_ENTRY = handlerEntry('billing/alert-trials-ending');

/** The daily due-date reminders (a schedule invokes it in the cloud; the local cloud runs it at start and hourly). */
export const DUE_REMINDERS = 'due-reminders';
export const DUE_REMINDERS_ENTRY = handlerEntry('projects/remind-due-projects');

/** The change bus's consumer that writes and first tries the webhook deliveries of change events, and the ones asked for at once (issue 65). */
export const WEBHOOKS = 'webhooks';
export const WEBHOOKS_ENTRY = handlerEntry('webhooks/deliver-webhooks');

/** The webhook deliveries' later tries, every minute (a schedule in the cloud; `npm start` runs it as often; tests call it). */
export const WEBHOOK_SWEEPER = 'webhook-sweeper';
export const WEBHOOK_SWEEPER_ENTRY = handlerEntry('webhooks/sweep-webhook-deliveries');

/** Bundles each entry (name → source file) into outDir/<name>/index.mjs with the Lambda settings. */
export async function bundleHandlers(entries: Record<string, string>, outDir: string) {
  const started = performance.now();
  const result = await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, entry]) => [`${name}/index`, entry])),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    write: false,
    bundle: true,
    splitting: false,
    format: HANDLER_BUNDLING.format,
    platform: HANDLER_BUNDLING.platform,
    target: HANDLER_BUNDLING.target,
    minifyWhitespace: HANDLER_BUNDLING.minifyWhitespace,
    minifySyntax: HANDLER_BUNDLING.minifySyntax,
    minifyIdentifiers: HANDLER_BUNDLING.minifyIdentifiers,
    sourcemap: HANDLER_BUNDLING.sourcemap,
    sourcesContent: HANDLER_BUNDLING.sourcesContent,
    mainFields: [...HANDLER_BUNDLING.mainFields],
    banner: { js: HANDLER_BUNDLING.banner },
    external: [...HANDLER_BUNDLING.external],
    alias: HANDLER_BUNDLING.alias,
    logLevel: 'error',
  });
  // Written beside and renamed into place: a server still importing the old bundle never reads half a file.
  for (const file of result.outputFiles) {
    await mkdir(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
  recordProfileEvent('functions-build', started);
}
