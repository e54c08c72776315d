import { Refused } from '../domain/errors';
import type { OrganizationItem } from '../organization/item';
import { ASSISTANT_OFF } from './messages';

/** 403 while an admin has turned the assistant off for the organization (Organization settings). */
export function requireAssistantOn(org: Pick<OrganizationItem, 'assistantOff'>): void {
  if (org.assistantOff === true) throw new Refused('not-allowed', ASSISTANT_OFF);
}
