import type { AssistantProvider as ProviderName } from '../../shared/schemas/assistant';

/** What a summary is written from: one project of one organization, read by summary-sources.ts. */
export interface SummaryData {
  /** The functions' day ('YYYY-MM-DD', UTC), so a due date can be told as 'in 3 days'. */
  today: string;
  project: { name: string; status: string; dueDate: string | null; description: string | null };
  /** Full names only: no addresses go to a model. */
  members: string[];
  /** Newest first. */
  activity: { at: string; who: string; action: string; from: string | null; to: string | null; members: string[] }[];
  /** Newest first. */
  comments: { at: string; author: string; text: string }[];
}

/** What a brief is drafted from: the Create New Project dialog's fields, nothing stored. */
export interface BriefData {
  name: string;
  goal?: string;
  audience?: string;
}

export type AssistantTask = { kind: 'summary'; data: SummaryData } | { kind: 'brief'; data: BriefData };

export interface Written {
  text: string;
  /** Model tokens spent (input and output); 0 for the local provider. */
  tokens: number;
}

/** One way of writing the assistant's texts: the stage's Bedrock model, or the local rules. */
export interface AssistantProvider {
  readonly name: ProviderName;
  /** The model id the answer names ('rules' for the local provider). */
  readonly model: string;
  write(task: AssistantTask): Promise<Written>;
}
