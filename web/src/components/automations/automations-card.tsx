import type { AutomationResponse } from '@shared/schemas/automations';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { automationQueries, useDeleteAutomation, useUpdateAutomation } from '../../lib/api/automations';
import { dateTime } from '../../lib/date-format';
import { ConfirmDialog } from '../ui/alert-dialog';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { FeedError, FeedSkeleton } from '../ui/feed-states';
import { toast } from '../ui/toast';
import { AutomationBuilderDialog } from './automation-builder-dialog';
import { AutomationRunsDialog, OUTCOME_LABELS } from './automation-runs-dialog';
import { ruleSentence } from './automation-words';

interface AutomationsCardProps {
  /** The project whose rules are shown (and the organization's that apply to it); null: the organization's own. */
  projectId: string | null;
  /** Whether the signed-in person may change the organization's rules (admins). */
  admin: boolean;
}

/**
 * 'Automations' (issue 64): the rules that apply, each with its switch, its last run and its
 * history; 'Add automation' opens the builder. The organization's rules show on a project's page
 * read-only for staff (only admins change them).
 */
export function AutomationsCard({ projectId, admin }: AutomationsCardProps) {
  const rules = useQuery(automationQueries.list(projectId));
  const [building, setBuilding] = useState<{ editing?: AutomationResponse } | null>(null);
  const [history, setHistory] = useState<AutomationResponse | null>(null);
  const [deleting, setDeleting] = useState<AutomationResponse | null>(null);
  const update = useUpdateAutomation();
  const remove = useDeleteAutomation();
  const mayManage = projectId !== null || admin;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle>Automations</CardTitle>
            <CardDescription>
              {projectId
                ? 'Rules that act on this project for you: when something happens, they check the conditions and do the actions.'
                : 'Rules that act on every project of the organization.'}
            </CardDescription>
          </div>
          {mayManage ? (
            <Button variant="outline" onClick={() => setBuilding({})}>
              Add automation
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        {rules.isPending ? (
          <FeedSkeleton label="Loading automations" rows={2} lineClassName="h-10 w-72" />
        ) : rules.isError ? (
          <FeedError message="Failed to load the automations." onRetry={() => void rules.refetch()} />
        ) : rules.data.length === 0 ? (
          <p className="text-sm text-muted">No automations yet. Add one to save the routine work.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Automations">
            {rules.data.map((rule) => {
              const changeable = rule.projectId !== null || admin;
              return (
                <li key={rule.id} className="grid gap-2 rounded-md border border-line p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="flex min-w-0 items-center gap-2">
                      <span className="font-medium wrap-anywhere">{rule.name}</span>
                      {rule.projectId === null && projectId !== null ? <Badge tone="info">Organization</Badge> : null}
                    </div>
                    <button
                      type="button"
                      role="switch"
                      aria-checked={rule.enabled}
                      aria-label={`${rule.name}: ${rule.enabled ? 'on' : 'off'}`}
                      disabled={!changeable || update.isPending}
                      className="inline-flex h-6 w-11 items-center rounded-full border border-line-strong bg-surface-3 px-0.5 aria-checked:bg-brand-80 disabled:opacity-60"
                      onClick={() =>
                        update.mutate(
                          { id: rule.id, body: { enabled: !rule.enabled } },
                          {
                            onSuccess: () => toast({ title: 'Automation updated' }),
                            onError: (error) =>
                              toast({ title: 'Failed to update automation', description: error.message, variant: 'destructive' }),
                          },
                        )
                      }
                    >
                      <span
                        aria-hidden
                        className={`size-4.5 rounded-full bg-white shadow transition-transform ${rule.enabled ? 'translate-x-5' : ''}`}
                      />
                    </button>
                  </div>
                  <p className="text-sm text-muted">{ruleSentence(rule)}</p>
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    {rule.lastRun ? (
                      <>
                        <span>Last run {dateTime(rule.lastRun.at, { seconds: false })}</span>
                        <Badge tone={OUTCOME_LABELS[rule.lastRun.outcome].tone}>
                          {OUTCOME_LABELS[rule.lastRun.outcome].label}
                        </Badge>
                      </>
                    ) : (
                      <span className="text-muted">Not run yet</span>
                    )}
                    <span className="grow" />
                    <Button variant="ghost" size="sm" onClick={() => setHistory(rule)}>
                      Run history
                    </Button>
                    {changeable ? (
                      <>
                        <Button variant="ghost" size="sm" onClick={() => setBuilding({ editing: rule })}>
                          Edit
                        </Button>
                        <Button variant="ghost" size="sm" onClick={() => setDeleting(rule)}>
                          Delete
                        </Button>
                      </>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <AutomationBuilderDialog
        open={building !== null}
        onOpenChange={(open) => !open && setBuilding(null)}
        projectId={building?.editing ? building.editing.projectId : projectId}
        editing={building?.editing}
      />
      <AutomationRunsDialog rule={history} onOpenChange={(open) => !open && setHistory(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Automation"
        description="Are you sure you want to delete this automation? It stops at once; its run history goes with it."
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: 'Automation deleted' });
              setDeleting(null);
            },
            onError: (error) =>
              toast({ title: 'Failed to delete automation', description: error.message, variant: 'destructive' }),
          });
        }}
      />
    </Card>
  );
}
