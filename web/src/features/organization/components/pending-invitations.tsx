import { ROLE_LABELS } from '@shared/roles';
import type { InvitationResponse } from '@shared/schemas/organization-invitations';
import { useInfiniteQuery } from '@tanstack/react-query';
import { RotateCw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { expiresIn } from '../../../lib/date-format';
import { organizationInvitationQueries, useResendInvitation } from '../api/organization-invitations';
import { RevokeInvitationDialog } from './revoke-invitation-dialog';

/** Waiting for an answer: pending ones and expired ones (which can be resent). */
const isOpen = (invitation: InvitationResponse) => invitation.status === 'pending' || invitation.status === 'expired';

/** 'Pending invitations' under the users table: who was invited, by whom, until when; Resend and Revoke. */
export function PendingInvitations() {
  const invitations = useInfiniteQuery(organizationInvitationQueries.list());
  const resend = useResendInvitation();
  const [revoking, setRevoking] = useState<InvitationResponse>();
  // Pages hold ended ones too (the list's last 30 days): only the open ones are shown.
  const open = invitations.data?.pages.flatMap((page) => page.items.filter(isOpen)) ?? [];

  const onResend = (invitation: InvitationResponse) =>
    resend.mutate(invitation.id, {
      onSuccess: () => toast({ title: 'Invitation resent', description: `A new link was sent to ${invitation.email}.` }),
      onError: (error) => toast({ title: 'Failed to resend invitation', description: error.message, variant: 'destructive' }),
    });

  return (
    <section aria-labelledby="pending-invitations-heading" className="mt-6 grid gap-3">
      <h3 id="pending-invitations-heading" className="text-base font-semibold">
        Pending invitations
      </h3>
      <QueryState
        query={invitations}
        loading="Loading invitations"
        error="There was an error loading invitations. Please try again."
        isEmpty={() => open.length === 0 && !invitations.hasNextPage}
        empty={<p className="text-sm text-muted">No pending invitations</p>}
      >
        {() => (
          <>
            {/* Phones: one card per invitation, so Resend and Revoke are on screen without scrolling sideways. */}
            <ul className="grid gap-3 sm:hidden" aria-label="Pending invitations">
              {open.map((invitation) => (
                <li key={invitation.id} className="grid gap-2 rounded-md border border-line p-3 text-sm">
                  <p className="font-medium break-all">{invitation.email}</p>
                  <MailNotDelivered invitation={invitation} />
                  <p className="flex flex-wrap items-center gap-2 text-muted">
                    <Badge tone={invitation.role === 'admin' ? 'brand' : 'neutral'}>{ROLE_LABELS[invitation.role]}</Badge>
                    <span>Invited by {invitation.invitedBy.fullName}</span>
                    <InvitationExpiry invitation={invitation} />
                  </p>
                  <InvitationActions
                    invitation={invitation}
                    resending={resend.isPending && resend.variables === invitation.id}
                    onResend={onResend}
                    onRevoke={setRevoking}
                  />
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto sm:block">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <thead className="border-b border-line text-muted">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Email
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Role
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Invited by
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Expires
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {open.map((invitation) => (
                    <tr key={invitation.id} className="border-b border-line last:border-0">
                      <td className="py-3 pr-3 break-all">
                        {invitation.email}
                        <MailNotDelivered invitation={invitation} />
                      </td>
                      <td className="py-3 pr-3">
                        <Badge tone={invitation.role === 'admin' ? 'brand' : 'neutral'}>{ROLE_LABELS[invitation.role]}</Badge>
                      </td>
                      <td className="py-3 pr-3">{invitation.invitedBy.fullName}</td>
                      <td className="py-3 pr-3">
                        <InvitationExpiry invitation={invitation} />
                      </td>
                      <td className="py-3 text-right">
                        <InvitationActions
                          invitation={invitation}
                          resending={resend.isPending && resend.variables === invitation.id}
                          onResend={onResend}
                          onRevoke={setRevoking}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {invitations.hasNextPage ? (
              <div className="flex justify-center">
                <Button variant="outline" onClick={() => invitations.fetchNextPage()} disabled={invitations.isFetchingNextPage}>
                  {invitations.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            ) : null}
            {invitations.isFetchNextPageError ? (
              <p role="alert" className="text-sm text-danger">
                There was an error loading more invitations. Please try again.
              </p>
            ) : null}
          </>
        )}
      </QueryState>
      <RevokeInvitationDialog invitation={revoking} onClose={() => setRevoking(undefined)} />
    </section>
  );
}

/** The link's mail failed after every try (the mailer's sweeper gave up): the admin resends or revokes. */
function MailNotDelivered({ invitation }: { invitation: InvitationResponse }) {
  if (!invitation.mailFailedAt) return null;
  return <p className="mt-1 text-xs break-normal text-danger">{MAIL_NOT_DELIVERED}</p>;
}

const MAIL_NOT_DELIVERED = 'The invitation email could not be delivered. Resend it, or revoke it if the address is wrong.';

function InvitationExpiry({ invitation }: { invitation: InvitationResponse }) {
  return invitation.status === 'expired' ? (
    <Badge tone="warning">Expired</Badge>
  ) : (
    <time dateTime={invitation.expiresAt}>{expiresIn(invitation.expiresAt)}</time>
  );
}

interface InvitationActionsProps {
  invitation: InvitationResponse;
  resending: boolean;
  onResend: (invitation: InvitationResponse) => void;
  onRevoke: (invitation: InvitationResponse) => void;
}

function InvitationActions({ invitation, resending, onResend, onRevoke }: InvitationActionsProps) {
  return (
    <span className="inline-flex gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={resending}
        aria-label={`Resend invitation to ${invitation.email}`}
        onClick={() => onResend(invitation)}
      >
        <RotateCw aria-hidden />
        Resend
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="text-danger"
        aria-label={`Revoke invitation to ${invitation.email}`}
        onClick={() => onRevoke(invitation)}
      >
        <XCircle aria-hidden />
        Revoke
      </Button>
    </span>
  );
}
