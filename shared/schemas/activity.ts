import * as z from 'zod/mini';
import { ULID } from '../ids';

/** What an activity entry records: one kind of change to a project. */
const ACTIVITY_ACTIONS = [
  'created',
  'renamed',
  'description_changed',
  'due_date_changed',
  'status_changed',
  'members_added',
  'members_removed',
  'deleted',
  'commented',
  'comment_deleted',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/**
 * One change to a project: who, when, what, from and to. `from`/`to` hold the stored values
 * (a status such as 'in_progress', a due date 'YYYY-MM-DD', a name); null where the change has
 * none (a description's text is not copied). `members` names the people added or removed.
 */
export const activityEntryResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    projectName: z.string(),
    actor: z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.nullable(z.string()) }),
    action: z.enum(ACTIVITY_ACTIONS),
    from: z.nullable(z.string()),
    to: z.nullable(z.string()),
    members: z.array(z.string()),
    createdAt: z.string(),
  }))();
export type ActivityEntryResponse = z.infer<typeof activityEntryResponse>;

/** A page of a project's activity, newest first; `nextCursor` names the next page (null on the last). */
export const activityPageResponse = /* @__PURE__ */ (() =>
  z.object({
    entries: z.array(activityEntryResponse),
    nextCursor: z.nullable(z.string()),
  }))();
export type ActivityPageResponse = z.infer<typeof activityPageResponse>;

/** GET /api/projects/{id}/activity?cursor=…: the cursor is the id of the last entry of the previous page. */
export const activityPageQuery = /* @__PURE__ */ (() =>
  z.object({
    cursor: z.optional(z.string().check(z.regex(ULID, 'cursor must be the id of an activity entry'))),
  }))();
