// A fresh process's first request: import one handler bundle and serve one event, then exit.
// Plain JavaScript on purpose: no loader, so the time is Node's, the bundle's and the request's.
// Without arguments it exits at once: the empty process the bench subtracts.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [bundle, eventFile] = process.argv.slice(2);
if (bundle) {
  const started = performance.now();
  const { handler } = await import(pathToFileURL(bundle).href);
  const imported = performance.now();
  // The same monotonic clock as a CPU profile's timestamps: where the import ends in a profile.
  const importedAtUs = Number(process.hrtime.bigint() / 1000n);
  const event = JSON.parse(readFileSync(eventFile, 'utf8'));
  const result = await handler(event, { awsRequestId: event.requestContext.requestId, getRemainingTimeInMillis: () => 29_000 });
  // The last line: the handler's own log and metrics lines come before it, as they would in Lambda.
  const requestMs = performance.now() - imported;
  // The process's own CPU since it started (Node's start-up, which the reference's pair pays alike,
  // the import and the request), without the time it waited on DynamoDB or for a core.
  const { user, system } = process.cpuUsage();
  process.stdout.write(
    `\n${JSON.stringify({ status: result.statusCode, importMs: imported - started, requestMs, cpuMs: (user + system) / 1000, importedAtUs })}\n`,
  );
}
process.exit(0);
