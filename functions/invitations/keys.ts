import { type Key, keyOf, ORG } from '../db/keys';
import type { InvitationItem } from './item';

const INVITATION = 'INVITATION#';

/** The keys of the organization's invitations (docs/data-model.md, Invitations). */
export const invitationKeys = {
  /** An invitation to join the organization (docs/decisions/015). */
  invitation: (orgId: string, invitationId: string) => keyOf<InvitationItem>(`${ORG}${orgId}`, `${INVITATION}${invitationId}`),
  /** Which invitation holds an address in the organization while it is pending: at most one per lower-case email. */
  invitationEmail: (orgId: string, email: string): Key => ({
    PK: `${ORG}${orgId}`,
    SK: `INVITATION_EMAIL#${email.trim().toLowerCase()}`,
  }),
  /** An invitation link's token, found by its SHA-256: the token itself is never stored. */
  invitationToken: (tokenHash: string): Key => ({ PK: `INVITATION_TOKEN#${tokenHash}`, SK: 'INVITATION_TOKEN' }),
} as const;

/** Partitions and sort-key prefixes for Queries. */
export const invitationCollections = {
  invitationsOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: INVITATION }),
} as const;
