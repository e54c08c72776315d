import type { SessionResponse } from '@shared/schemas/sessions';
import { useQuery } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { dateTime } from '../../../lib/date-format';
import { sessionQueries, useEndOtherSessions, useEndSession } from '../api/sessions';

/**
 * The Sessions section: every browser signed in to this account, this one marked, each other one
 * with 'Sign out', and 'Sign out all other sessions'. Its own component so it can move to a
 * Security tab.
 */
export function SessionsCard() {
  const sessions = useQuery(sessionQueries.list());
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  const signOutOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ count }) =>
        toast({
          title: 'Signed out',
          description: `${count} other ${count === 1 ? 'session was' : 'sessions were'} signed out.`,
        }),
      onError: (error) => toast({ title: 'Sign out failed', description: error.message, variant: 'destructive' }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MonitorSmartphone className="size-5 text-brand-80" aria-hidden />
          Sessions
        </CardTitle>
        <CardDescription>The browsers signed in to your account. Sign out any you do not recognize.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? (
          <Spinner label="Loading your sessions" />
        ) : sessions.isError ? (
          <p className="text-sm text-danger">{sessions.error.message}</p>
        ) : (
          <ul className="grid divide-y divide-line rounded-md border border-line" aria-label="Sessions">
            {/* This browser first: it is the one the reader knows, and the others are read against it. */}
            {[...sessions.data]
              .sort((a, b) => Number(b.current) - Number(a.current))
              .map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
          </ul>
        )}
        <div>
          <Button variant="outline" onClick={signOutOthers} unavailable={others.length === 0 || endOthers.isPending}>
            {endOthers.isPending ? 'Signing out...' : 'Sign out all other sessions'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function SessionRow({ session }: { session: SessionResponse }) {
  const end = useEndSession();
  const signOut = () =>
    end.mutate(session.id, {
      onSuccess: () => toast({ title: 'Signed out', description: `${session.device} was signed out.` }),
      onError: (error) => toast({ title: 'Sign out failed', description: error.message, variant: 'destructive' }),
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3" aria-label={session.device}>
      <div className="grid gap-0.5">
        <p className="flex items-center gap-2 font-medium">
          {session.device}
          {session.current ? <Badge tone="success">This browser</Badge> : null}
        </p>
        <p className="text-sm text-muted">
          Signed in {dateTime(session.createdAt, { seconds: false })} · Last used{' '}
          {dateTime(session.lastUsedAt, { seconds: false })}
        </p>
      </div>
      {session.current ? null : (
        <Button variant="outline" size="sm" onClick={signOut} disabled={end.isPending}>
          {end.isPending ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}
