import type { AutomationResponse, AutomationRunOutcome } from '@shared/schemas/automations';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { automationQueries } from '../../lib/api/automations';
import { dateTime } from '../../lib/date-format';
import { Badge, type BadgeTone } from '../ui/badge';
import { Button } from '../ui/button';
import { Dialog, DialogContent } from '../ui/dialog';
import { FeedError, FeedSkeleton } from '../ui/feed-states';
import { ACTION_LABELS } from './automation-words';

export const OUTCOME_LABELS: Record<AutomationRunOutcome, { label: string; tone: BadgeTone }> = {
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  skipped: { label: 'Skipped', tone: 'neutral' },
  stopped: { label: 'Stopped', tone: 'warning' },
};

/** 'Run history': a rule's runs newest first, each with its actions and why it ended as it did; read again every 5 s while open. */
export function AutomationRunsDialog({
  rule,
  onOpenChange,
}: {
  rule: AutomationResponse | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={rule !== null} onOpenChange={onOpenChange}>
      {rule ? (
        <DialogContent title="Run history" description={rule.name} className="max-w-2xl">
          <Runs rule={rule} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function Runs({ rule }: { rule: AutomationResponse }) {
  const runs = useInfiniteQuery({ ...automationQueries.runs(rule.id), refetchInterval: 5000 });
  const list = runs.data?.pages.flatMap((page) => page.runs) ?? [];
  if (runs.isPending) return <FeedSkeleton label="Loading runs" rows={3} lineClassName="h-10 w-72" />;
  if (runs.isError) return <FeedError message="Failed to load the runs." onRetry={() => void runs.refetch()} />;
  if (list.length === 0) return <p className="text-sm text-muted">This automation has not run yet.</p>;
  return (
    <div className="grid max-h-[60vh] gap-3 overflow-y-auto">
      <ol className="grid gap-3" aria-label="Runs">
        {list.map((run) => (
          <li key={run.id} className="grid gap-2 rounded-md border border-line p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge tone={OUTCOME_LABELS[run.outcome].tone}>{OUTCOME_LABELS[run.outcome].label}</Badge>
              <span className="text-sm text-muted">{dateTime(run.at)}</span>
            </div>
            {run.detail ? <p className="text-sm">{run.detail}</p> : null}
            <ul className="grid gap-1 text-sm">
              {run.actions.map((action, index) => (
                <li key={index}>
                  {ACTION_LABELS[action.type]}: {action.outcome === 'succeeded' ? (action.detail ?? 'done') : action.outcome}
                  {action.outcome === 'failed' && action.detail ? ` (${action.detail})` : ''}
                </li>
              ))}
            </ul>
            {run.projectId && rule.projectId === null ? (
              <Link to={`/projects/${run.projectId}`} className="text-sm">
                Open the project
              </Link>
            ) : null}
          </li>
        ))}
      </ol>
      {runs.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => runs.fetchNextPage()}
          disabled={runs.isFetchingNextPage}
        >
          {runs.isFetchingNextPage ? 'Loading...' : 'Show earlier runs'}
        </Button>
      ) : null}
    </div>
  );
}
