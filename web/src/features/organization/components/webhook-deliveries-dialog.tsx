import type { WebhookDeliveryStatus, WebhookResponse } from '@shared/schemas/webhooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FeedError, FeedSkeleton } from '../../../components/ui/feed-states';
import { toast } from '../../../components/ui/toast';
import { webhookQueries } from '../../../lib/api/webhooks';
import { dateTime } from '../../../lib/date-format';
import { useRetryWebhookDelivery } from '../api/webhooks';

const STATUS_LABELS: Record<WebhookDeliveryStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'info' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** 'Delivery log': an endpoint's deliveries newest first, each try's outcome, and 'Retry'; read again every 5 s while open. */
export function WebhookDeliveriesDialog({
  webhook,
  onOpenChange,
}: {
  webhook: WebhookResponse | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={webhook !== undefined} onOpenChange={onOpenChange}>
      {webhook ? (
        <DialogContent title="Delivery log" description={webhook.url} className="max-w-2xl">
          <Deliveries webhook={webhook} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function Deliveries({ webhook }: { webhook: WebhookResponse }) {
  const deliveries = useInfiniteQuery({ ...webhookQueries.deliveries(webhook.id), refetchInterval: 5000 });
  const retry = useRetryWebhookDelivery();
  const list = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [];
  if (deliveries.isPending) return <FeedSkeleton label="Loading deliveries" rows={3} lineClassName="h-10 w-72" />;
  if (deliveries.isError) return <FeedError message="Failed to load the deliveries." onRetry={() => void deliveries.refetch()} />;
  if (list.length === 0) return <p className="text-sm text-muted">Nothing has been sent to this endpoint yet.</p>;
  return (
    <div className="grid max-h-[60vh] gap-3 overflow-y-auto">
      <ol className="grid gap-3" aria-label="Deliveries">
        {list.map((delivery) => (
          <li key={delivery.id} className="grid gap-1 rounded-md border border-line p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-mono">{delivery.eventType}</span>
              <Badge tone={STATUS_LABELS[delivery.status].tone}>{STATUS_LABELS[delivery.status].label}</Badge>
            </div>
            <span className="text-muted">
              {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
              {delivery.responseStatus !== null ? ` · last answer HTTP ${delivery.responseStatus}` : ''}
              {delivery.lastAttemptAt ? ` · last tried ${dateTime(delivery.lastAttemptAt)}` : ''}
            </span>
            {delivery.lastError ? <span className="text-danger">{delivery.lastError}</span> : null}
            {delivery.nextAttemptAt ? <span className="text-muted">Next try {dateTime(delivery.nextAttemptAt)}</span> : null}
            {delivery.status === 'delivered' ? null : (
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                aria-label={`Retry the ${delivery.eventType} delivery`}
                disabled={retry.isPending}
                onClick={() =>
                  retry.mutate(
                    { id: webhook.id, deliveryId: delivery.id },
                    {
                      onSuccess: () => toast({ title: 'Delivery queued', description: 'It is sent again in a moment.' }),
                      onError: (error) =>
                        toast({ title: 'Failed to retry the delivery', description: error.message, variant: 'destructive' }),
                    },
                  )
                }
              >
                Retry
              </Button>
            )}
          </li>
        ))}
      </ol>
      {deliveries.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => deliveries.fetchNextPage()}
          disabled={deliveries.isFetchingNextPage}
        >
          {deliveries.isFetchingNextPage ? 'Loading...' : 'Show earlier deliveries'}
        </Button>
      ) : null}
    </div>
  );
}
