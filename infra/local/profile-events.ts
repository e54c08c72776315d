import { appendFileSync } from 'node:fs';

/** Work a test run may repeat, each taking seconds: the test profile counts them (.ci/profile.ts). */
export type ProfileEvent = 'web-build' | 'functions-build' | 'cdk-synth' | 'dynamodb-local-start';

/**
 * Appends `{"event","ms","pid"}` (ms since startedAt, a performance.now()) as one line to
 * GROWTHWISE_PROFILE_FILE, which .ci/run sets; without it, nothing. One short append per event, so
 * the processes of a run (vitest workers, the e2e server, scripts) can share the file.
 */
export function recordProfileEvent(event: ProfileEvent, startedAt: number) {
  const file = process.env.GROWTHWISE_PROFILE_FILE;
  if (file)
    appendFileSync(file, `${JSON.stringify({ event, ms: Math.round(performance.now() - startedAt), pid: process.pid })}\n`);
}
