import { keyOf, ORG } from '../db/keys';
import type { OrganizationItem } from './item';

/** The keys of the organization's own item (docs/data-model.md, Organizations). */
export const organizationKeys = {
  organization: (orgId: string) => keyOf<OrganizationItem>(`${ORG}${orgId}`, 'ORG'),
} as const;
