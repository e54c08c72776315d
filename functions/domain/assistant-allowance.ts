/**
 * What an organization's plan allows of the assistant a day (UTC), and what it has used: pure rules
 * the session's organization item is enough for, shared by the assistant's routes (the check) and the
 * organization's answer to admins (the figures). The counts live on the organization item itself
 * (`assistantUsage`), which every session load reads already: checking the allowance costs no read.
 */

export interface AssistantAllowance {
  requestsPerDay: number;
  /** Model tokens, input and output together; the local provider spends none. */
  tokensPerDay: number;
}

/** Per plan; a plan not named here has the professional plan's (the one plan registration offers). */
const ALLOWANCES: Record<string, AssistantAllowance> = {
  professional: { requestsPerDay: 200, tokensPerDay: 400_000 },
};

export const allowanceOf = (plan: string | undefined): AssistantAllowance => ALLOWANCES[plan ?? ''] ?? ALLOWANCES.professional!;

/** A day's generations and tokens, as the organization item holds them. */
export interface AssistantUsage {
  /** 'YYYY-MM-DD' (UTC) the counts are of: counts of an earlier day are none today. */
  day: string;
  requests: number;
  tokens: number;
}

/** Today's usage: the stored counts if they are today's, else none. */
export const usageOn = (usage: AssistantUsage | undefined, day: string): AssistantUsage =>
  usage?.day === day ? usage : { day, requests: 0, tokens: 0 };

/** Whether one more generation fits today's allowance. */
export const allowanceLeft = (usage: AssistantUsage, allowance: AssistantAllowance): boolean =>
  usage.requests < allowance.requestsPerDay && usage.tokens < allowance.tokensPerDay;

/** Seconds from `now` to the next UTC midnight, when the allowance renews. */
export function secondsUntilNextDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}
