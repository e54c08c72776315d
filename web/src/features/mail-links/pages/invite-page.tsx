import { zodResolver } from '@hookform/resolvers/zod';
import { PRODUCT_NAME } from '@shared/product';
import { ROLE_LABELS } from '@shared/roles';
import {
  type AcceptInvitationForm,
  INVALID_INVITATION,
  type InvitationLookupResponse,
  acceptInvitationForm,
} from '@shared/schemas/invitations';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/page-title';
import { useSignOut } from '../api/auth';
import { invalidLinkMessage, invitationQueries, isInvalidLink, useAcceptInvitation } from '../api/invitations';
import { MailLinkMain } from '../components/mail-link-main';
import { useMailLinkToken } from '../lib/mail-link-token';

/** /invite#token=...: who invites to which organization and role; the invitee chooses a name and a password and is signed in. */
export function InvitePage() {
  usePageTitle('Invitation');
  const token = useMailLinkToken();
  const currentUser = useCurrentUser();
  const lookup = useQuery({ ...invitationQueries.lookup(token), enabled: token !== '' && currentUser.data === null });

  let content;
  if (currentUser.isPending || (token !== '' && currentUser.data === null && lookup.isPending))
    content = <Spinner label="Loading invitation" />;
  else if (currentUser.data) content = <SignOutFirst fullName={currentUser.data.fullName} />;
  else if (!token || isInvalidLink(lookup.error)) content = <InvalidInvitation message={invalidLinkMessage(lookup.error)} />;
  else if (lookup.isError)
    content = (
      <p role="alert" className="text-danger">
        {lookup.error.message}
      </p>
    );
  else content = <AcceptForm token={token} invitation={lookup.data!} />;

  return <MailLinkMain>{content}</MailLinkMain>;
}

function InvalidInvitation({ message = INVALID_INVITATION }: { message?: string }) {
  return (
    <Card className="w-full">
      <CardHeader>
        <CardTitle as="h1">Invitation</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p role="alert">{message}</p>
        <Link to="/auth" className="text-sm font-medium">
          Go to sign in
        </Link>
      </CardContent>
    </Card>
  );
}

/** An invitation creates a new account: whoever is signed in in this browser signs out first. */
function SignOutFirst({ fullName }: { fullName: string }) {
  const signOut = useSignOut();
  return (
    <Card className="w-full">
      <CardHeader>
        <CardTitle as="h1">Sign out to accept this invitation</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p role="status">You are signed in as {fullName}. Please sign out first to accept this invitation with a new account.</p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign out
          </Button>
          <Link to="/dashboard" className={buttonClasses({ variant: 'outline' })}>
            Go to the dashboard
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

function AcceptForm({ token, invitation }: { token: string; invitation: InvitationLookupResponse }) {
  const form = useForm<AcceptInvitationForm>({
    resolver: zodResolver(acceptInvitationForm),
    defaultValues: { fullName: '', password: '' },
  });
  const { errors } = form.formState;
  const accept = useAcceptInvitation(token, invitation.organizationName, (field, message) => form.setError(field, { message }));
  if (isInvalidLink(accept.error)) return <InvalidInvitation message={invalidLinkMessage(accept.error)} />;

  return (
    <Card className="w-full">
      <CardHeader>
        <CardTitle as="h1">
          Join {invitation.organizationName} on {PRODUCT_NAME}
        </CardTitle>
        <CardDescription>
          {invitation.invitedByName} invited you to join as {ROLE_LABELS[invitation.role]}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => void form.handleSubmit((values) => accept.mutate(values))(event)}
        >
          <FormField label="Email" htmlFor="invite-accept-email">
            <Input id="invite-accept-email" type="email" value={invitation.email} readOnly />
          </FormField>
          <FormField label="Full Name" htmlFor="invite-accept-full-name" error={errors.fullName?.message}>
            <Input id="invite-accept-full-name" autoComplete="name" {...form.register('fullName')} />
          </FormField>
          <FormField
            label="Password"
            htmlFor="invite-accept-password"
            hint="Must be at least 6 characters"
            error={errors.password?.message}
          >
            <Input id="invite-accept-password" type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <Button type="submit" disabled={accept.isPending}>
            {accept.isPending ? 'Joining...' : 'Accept invitation'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
