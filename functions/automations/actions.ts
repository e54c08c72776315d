import { addDays, formatISO } from 'date-fns';
import { PROJECT_STATUS_LABELS } from '../../shared/project-statuses';
import type { AutomationAction } from '../../shared/schemas/automations';
import type { WriteContext } from '../audit-log/entries';
import { now } from '../clock';
import { createComment } from '../comments/writes';
import { type TransactItem, transactWrite } from '../db/transactions';
import { NotFound } from '../domain/errors';
import { type ChangeEventItem, changeEventPut } from '../events/change-event';
import type { ProjectItem } from '../projects/item';
import { memberIdsOf } from '../projects/member-set';
import { setProjectMembers } from '../projects/members';
import { PROJECT_NOT_FOUND } from '../projects/messages';
import { readProjectWithMembers } from '../projects/reads';
import { updateProject } from '../projects/writes';
import { adminsOfOrganization } from '../user/reads';
import { webhookActionWrites } from '../webhooks/asked';
import type { AutomationItem } from './item';

/** An automation acts as itself: its changes are 'Automation: <rule name>''s in activity, comments and the audit log. */
export function automationActor(rule: AutomationItem) {
  return {
    id: rule.id,
    orgId: rule.orgId,
    fullName: `Automation: ${rule.name}`,
    username: '',
    avatarUrl: null,
    role: 'staff' as const,
  };
}

const AUTOMATION_CLIENT = { clientAddress: 'automation', userAgent: 'Growthwise automations' };

/** The organization's admins an automation notifies: the first 100 by name (one Query of the role index). */
const ADMINS_NOTIFIED = 100;

const dayFromNow = (days: number) => formatISO(addDays(now(), days), { representation: 'date' });

/**
 * Does one action on the project as it is now (read strongly), with `step` (the run's record of it)
 * in the action's own transaction: both happen, or neither. Answers what it did, in words; throws a
 * domain error (the project gone, a person no longer in the organization) the run records as its failure.
 * `event` is the run's: a webhook action posts it.
 */
export async function performAction(
  rule: AutomationItem,
  projectId: string,
  action: AutomationAction,
  stepFor: (detail: string) => TransactItem,
  event: ChangeEventItem,
): Promise<string> {
  const context: WriteContext<ReturnType<typeof automationActor>> = { actor: automationActor(rule), client: AUTOMATION_CLIENT };
  const found = await readProjectWithMembers(rule.orgId, projectId);
  if (!found) throw new NotFound(PROJECT_NOT_FOUND);
  const { project, members } = found;
  switch (action.type) {
    case 'set_status': {
      const detail = `Status set to ${PROJECT_STATUS_LABELS[action.status]}`;
      await updateProject(context, projectId, { status: action.status }, project, [stepFor(detail)]);
      return detail;
    }
    case 'set_due_date': {
      const dueDate = dayFromNow(action.daysFromNow);
      const detail = `Due date set to ${dueDate}`;
      await updateProject(context, projectId, { dueDate }, project, [stepFor(detail)]);
      return detail;
    }
    case 'add_members':
    case 'remove_members': {
      const current = memberIdsOf(members);
      const next =
        action.type === 'add_members'
          ? [...new Set([...current, ...action.memberIds])]
          : current.filter((id) => !action.memberIds.includes(id));
      const moved = Math.abs(next.length - current.length);
      const detail = `${moved} ${moved === 1 ? 'person' : 'people'} ${action.type === 'add_members' ? 'added' : 'removed'}`;
      await setProjectMembers(context, projectId, next, { project, members }, [stepFor(detail)]);
      return detail;
    }
    case 'comment':
      await createComment(context, project, { text: action.text }, [], [stepFor('Comment posted')]);
      return 'Comment posted';
    case 'notify':
      return notify(rule, project, action, stepFor);
    case 'webhook': {
      // The delivery is the webhook consumer's to send, after this transaction (functions/webhooks/asked.ts).
      await transactWrite([...(await webhookActionWrites(event, action.webhookId)), stepFor('Sent to the webhook')]);
      return 'Sent to the webhook';
    }
  }
}

/** A notification to the members, the admins or the people named, written by the fan-out from one event. */
async function notify(
  rule: AutomationItem,
  project: ProjectItem,
  action: Extract<AutomationAction, { type: 'notify' }>,
  stepFor: (detail: string) => TransactItem,
): Promise<string> {
  const message = { title: `Automation: ${rule.name}`, content: action.message, linkUrl: `/projects/${project.id}` };
  const recipientIds =
    action.to === 'members'
      ? []
      : action.to === 'admins'
        ? (await adminsOfOrganization(rule.orgId, ADMINS_NOTIFIED)).map((admin) => admin.id)
        : action.to;
  const audience = action.to === 'members' ? { projectId: project.id, exceptId: '' } : undefined;
  const detail =
    action.to === 'members' ? 'Members notified' : action.to === 'admins' ? 'Admins notified' : `${recipientIds.length} notified`;
  await transactWrite([...changeEventPut(rule.orgId, recipientIds, message, undefined, { audience }), stepFor(detail)]);
  return detail;
}
