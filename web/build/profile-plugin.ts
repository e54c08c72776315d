import { appendFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Counts the builds of the app for the test profile (.ci/run sets GROWTHWISE_PROFILE_FILE): each
 * client build, whoever starts it (`npm run build`, `npm start`, a test), appends the line
 * infra/local/profile-events.ts writes for the other events; written here because web/ does not import infra/.
 */
export function profileBuilds(file = process.env.GROWTHWISE_PROFILE_FILE): Plugin {
  let started = 0;
  return {
    name: 'growthwise:profile-builds',
    // The prerender plugin's SSR build is part of the client build it runs in.
    apply: (userConfig, { command }) => Boolean(file) && command === 'build' && !userConfig.build?.ssr,
    buildStart() {
      started = performance.now();
    },
    closeBundle() {
      appendFileSync(
        file!,
        `${JSON.stringify({ event: 'web-build', ms: Math.round(performance.now() - started), pid: process.pid })}\n`,
      );
    },
  };
}
