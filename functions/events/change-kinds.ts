/**
 * What a change event says happened, for the consumers that act on changes (automations, and next
 * webhooks and live updates): apart from change-event.ts, so the bus rules' patterns (read by the
 * CDK stack) need none of the table's modules.
 */
export const CHANGE_KINDS = [
  'project.created',
  'project.updated',
  'project.deleted',
  'project.members_changed',
  'comment.created',
  'project.due_soon',
  'project.overdue',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
