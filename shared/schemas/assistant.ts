import * as z from 'zod/mini';
import { BRIEF_FIELD_MAX } from '../limits';
import { allowedCharacters, visibleLength } from './fields';

/** Who wrote a text: Amazon Bedrock's model, or the rules of the local provider (no language model). */
export const ASSISTANT_PROVIDERS = ['bedrock', 'local'] as const;
export type AssistantProvider = (typeof ASSISTANT_PROVIDERS)[number];

/** POST /api/projects/{id}/summary: where the project stands, and how many entries of each kind it was written from. */
export const projectSummaryResponse = /* @__PURE__ */ (() =>
  z.object({
    summary: z.string(),
    provider: z.enum(ASSISTANT_PROVIDERS),
    model: z.string(),
    generatedAt: z.string(),
    sources: z.object({ activity: z.number(), comments: z.number() }),
  }))();
export type ProjectSummaryResponse = z.infer<typeof projectSummaryResponse>;

const BRIEF_NAME_REQUIRED = 'Project name is required';
/** A project's name's own limit (shared/schemas/projects.ts): the brief is for a project of that name. */
const PROJECT_NAME_MAX = 200;
const briefField = (label: string) =>
  z.optional(
    z
      .string({ error: `${label} must be text` })
      .check(z.trim(), z.maxLength(BRIEF_FIELD_MAX, `${label} must be at most ${BRIEF_FIELD_MAX} characters`)),
  );

/** POST /api/assistant/brief: what the draft is about. Nothing of it is saved. */
export const briefRequest = /* @__PURE__ */ (() =>
  z.object({
    name: z.string({ error: BRIEF_NAME_REQUIRED }).check(
      z.trim(),
      z.refine((value) => visibleLength(value) > 0, { message: BRIEF_NAME_REQUIRED }),
      z.maxLength(PROJECT_NAME_MAX, `Project name must be at most ${PROJECT_NAME_MAX} characters`),
      allowedCharacters('Project name'),
    ),
    goal: briefField('Goal'),
    audience: briefField('Audience'),
  }))();
export type BriefRequest = z.infer<typeof briefRequest>;

export const briefResponse = /* @__PURE__ */ (() =>
  z.object({ description: z.string(), provider: z.enum(ASSISTANT_PROVIDERS), model: z.string() }))();
export type BriefResponse = z.infer<typeof briefResponse>;

/** Why a project needs attention, most urgent kind first. */
export const RECOMMENDATION_KINDS = [
  'overdue',
  'planning_due_soon',
  'no_recent_activity',
  'no_members',
  'person_overloaded',
] as const;
export type RecommendationKind = (typeof RECOMMENDATION_KINDS)[number];

const recommendation = /* @__PURE__ */ (() =>
  z.object({ projectId: z.string(), projectName: z.string(), kind: z.enum(RECOMMENDATION_KINDS), reason: z.string() }))();
export type Recommendation = z.infer<typeof recommendation>;

/** GET /api/dashboard/recommendations: at most RECOMMENDATIONS_MAX, most urgent first, written by rules from the organization's own data. */
export const recommendationsResponse = /* @__PURE__ */ (() => z.object({ recommendations: z.array(recommendation) }))();
export type RecommendationsResponse = z.infer<typeof recommendationsResponse>;
