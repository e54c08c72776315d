import { PRODUCT_NAME } from '../../shared/product';
import { WEBHOOK_TEST_EVENT } from '../../shared/webhook-events';
import { now } from '../clock';
import { toCommentResponse } from '../comments/item';
import { commentKeys } from '../comments/keys';
import { getItem } from '../db/reads';
import type { ChangeEventItem } from '../events/change-event';
import { toProjectResponse } from '../projects/item';
import { readProject } from '../projects/reads';

/** What a receiver is sent: the event's type, when it happened, and what it is about as the API answers it. */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * The body of a change event (issue 65): the project as GET /api/projects/{id} answers it (an update
 * adds the fields before and after, a member change who was added and removed, a due date's day how
 * far ahead it is), the comment as the comments list answers it, a deleted project's id. Read when
 * the event is delivered, strongly; undefined when what it is about is gone meanwhile: a project
 * deleted before its change was sent sends its deletion alone.
 */
export async function payloadOf(event: ChangeEventItem): Promise<WebhookPayload | undefined> {
  const change = event.change;
  if (!change) return undefined;
  const envelope = (data: Record<string, unknown>): WebhookPayload => ({ type: change.kind, timestamp: event.createdAt, data });
  if (change.kind === 'project.deleted') return envelope({ id: change.projectId });
  if (change.kind === 'comment.created') {
    if (!change.comment) return undefined;
    const comment = await getItem(commentKeys.comment(event.orgId, change.projectId, change.comment.id), {
      consistentRead: true,
    });
    return comment && envelope({ ...toCommentResponse(comment) });
  }
  const project = await readProject(event.orgId, change.projectId);
  if (!project) return undefined;
  return envelope({
    ...toProjectResponse(project),
    ...(change.kind === 'project.updated' ? { changes: change.fields ?? {} } : {}),
    ...(change.kind === 'project.members_changed' ? { members: change.members ?? { added: [], removed: [] } } : {}),
    ...(change.dueInDays !== undefined ? { dueInDays: change.dueInDays } : {}),
  });
}

/** What 'Send test event' sends: nothing of the organization's, so any receiver may be tried with it. */
export const testPayload = (webhookId: string): WebhookPayload => ({
  type: WEBHOOK_TEST_EVENT,
  timestamp: now().toISOString(),
  data: { webhookId, message: `This is a test event from ${PRODUCT_NAME}. Your endpoint is receiving webhooks.` },
});
