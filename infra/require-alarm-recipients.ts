/**
 * `npx tsx infra/require-alarm-recipients.ts NAME`: fails, naming the setting, when stage NAME has
 * alarms nobody receives. The deploy workflow runs it before it deploys any stack (the shared, edge and
 * backup-copy stacks go before `npm run deploy`, which makes the same check).
 */
import { missingAlarmRecipients } from './alarm-recipients';
import { stageConfig } from './stages';

const [stage] = process.argv.slice(2);
if (!stage) {
  console.error('Usage: npx tsx infra/require-alarm-recipients.ts <stage>');
  process.exit(2);
}
const unreceived = missingAlarmRecipients(stage, stageConfig(stage));
if (unreceived) {
  console.error(unreceived);
  process.exit(1);
}
