/**
 * `npm run deploy -- NAME [cdk options]`: deploys stage NAME (stack Growthwise-NAME) and nothing else.
 * Needs the web build (web/dist): deploying without it would replace the site with a placeholder page.
 * The account-wide stack (Growthwise-shared) is deployed separately: see README, "Deploy".
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { missingAlarmRecipients } from './alarm-recipients';
import { stackName, stageConfig } from './stages';
import { SPA_HTML_FILES } from './web/spa-fallback';

const [stage, ...cdkOptions] = process.argv.slice(2);
if (!stage || stage.startsWith('-')) {
  console.error('Usage: npm run deploy -- <stage> [cdk deploy options]   e.g. npm run deploy -- pr-42');
  process.exit(2);
}
const config = stageConfig(stage); // throws on an invalid stage name
const unreceived = missingAlarmRecipients(stage, config);
if (unreceived) {
  console.error(unreceived);
  process.exit(1);
}
const root = path.resolve(import.meta.dirname, '..');
const missing = SPA_HTML_FILES.filter((file) => !existsSync(path.join(root, 'web', 'dist', file)));
if (missing.length) {
  console.error(`No complete web build: run \`npx vite build\` in web/ first (web/dist/ lacks ${missing.join(', ')}).`);
  process.exit(1);
}
const result = spawnSync('npx', ['cdk', 'deploy', '-c', `stage=${stage}`, '--exclusively', stackName(stage), ...cdkOptions], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
