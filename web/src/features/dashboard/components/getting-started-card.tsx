import type { UserResponse } from '@shared/schemas/auth';
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { isAdmin } from '../../../lib/current-user';
import { INVITE_PEOPLE_PATH } from '../../../lib/invite-link';

interface Step {
  label: string;
  to: string;
  state?: { createProject: true };
  done: boolean;
}

/**
 * A new organization's first steps, on the empty dashboard: create a project, invite the team
 * (admins), and protect the account with two-factor; each a link, done ones ticked.
 */
export function GettingStartedCard({ user }: { user: UserResponse }) {
  const steps: Step[] = [
    { label: 'Create a project', to: '/projects', state: { createProject: true }, done: false },
    ...(isAdmin(user) ? [{ label: 'Invite your team', to: INVITE_PEOPLE_PATH, done: false }] : []),
    { label: 'Set up two-factor authentication', to: '/user-settings?tab=security', done: user.mfaEnabled },
  ];
  const doneCount = steps.filter((step) => step.done).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Get started</CardTitle>
        <CardDescription>
          {doneCount} of {steps.length} done
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2" aria-label="Getting started">
          {steps.map((step) => (
            <li key={step.label} className="flex items-center gap-3">
              {step.done ? (
                <CheckCircle2 className="size-5 text-success" aria-label="Done" />
              ) : (
                <Circle className="size-5 text-muted" aria-label="To do" />
              )}
              {step.done ? (
                <span className="text-muted line-through">{step.label}</span>
              ) : (
                <Link to={step.to} state={step.state} className="font-medium">
                  {step.label}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
