import type { StageConfig } from './stages';

/**
 * Why a stage with alarms may not be deployed as configured: its alarms would notify nobody. Undefined
 * when someone receives them, or when the stage has no alarms. `npm run deploy` refuses with it;
 * `cdk synth` only warns, so the template tests and cdk-nag keep working on an unfilled config.
 */
export function missingAlarmRecipients(stage: string, config: StageConfig): string | undefined {
  if (!config.rules.alarms) return undefined;
  const { email, webhookUrl } = config.alarmRecipients;
  if (email || webhookUrl) return undefined;
  return `Stage ${stage} has alarms that would wake nobody: set alarmRecipients.email or alarmRecipients.webhookUrl of stage ${stage} in infra/stages.ts before deploying it.`;
}
