import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateWebhookRequest, type WebhookResponse, createWebhookRequest } from '@shared/schemas/webhooks';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@shared/webhook-events';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { QueryState } from '../../../components/query-state';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { webhookQueries } from '../../../lib/api/webhooks';
import { ApiError } from '../../../lib/api-client';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestWebhook,
  useUpdateWebhook,
} from '../api/webhooks';
import { type ShownOnce, ShownOnceDialog } from './shown-once-dialog';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';

/** The server's words without the '{status}: ' the client puts before them. */
const reason = (error: Error) => error.message.replace(/^\d+: /, '');

const EVENT_LABELS: Record<WebhookEventType, string> = {
  'project.created': 'A project is created',
  'project.updated': 'A project is changed',
  'project.deleted': 'A project is deleted',
  'project.members_changed': "A project's members change",
  'comment.created': 'A comment is posted',
};

/** A signing secret, in the words every shown-once dialog of the endpoints has. */
const secretShown = (title: string, description: string, secret: string): ShownOnce => ({
  title,
  description,
  label: 'Signing secret',
  copyLabel: 'Copy secret',
  copied: 'The signing secret is on your clipboard.',
  what: 'the secret',
  value: secret,
});

/**
 * 'Webhooks' (admins): endpoints the product tells of changes as they happen, each message signed as
 * Standard Webhooks with the endpoint's secret (shown once), retried when it fails, and logged.
 */
export function WebhooksCard() {
  const webhooks = useQuery(webhookQueries.list());
  const [shown, setShown] = useState<ShownOnce>();
  const [logOf, setLogOf] = useState<WebhookResponse>();
  const [deleting, setDeleting] = useState<WebhookResponse>();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>
          Tell your other tools when something changes here: each event is sent to your endpoint as a signed HTTPS POST (Standard
          Webhooks: verify it with the signing secret), tried again when your endpoint does not answer with a 2xx, and kept in the
          delivery log.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <CreateWebhookForm
          onCreated={(secret) =>
            setShown(
              secretShown(
                'Webhook added',
                'Copy the signing secret now and keep it with your receiver: it will not be shown again.',
                secret,
              ),
            )
          }
        />
        <QueryState
          query={webhooks}
          loading="Loading webhooks"
          error="There was an error loading your webhooks. Please try again."
          retry="Try again"
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-sm text-muted">No webhooks yet.</p>}
        >
          {(list) => (
            <ul className="grid gap-3" aria-label="Webhooks">
              {list.map((webhook) => (
                <WebhookRow
                  key={webhook.id}
                  webhook={webhook}
                  onShowLog={() => setLogOf(webhook)}
                  onDelete={() => setDeleting(webhook)}
                  onRotated={(secret) =>
                    setShown(
                      secretShown(
                        'New signing secret',
                        'Copy it now: it will not be shown again. The old secret still signs beside it for 24 hours.',
                        secret,
                      ),
                    )
                  }
                />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      <ShownOnceDialog id="webhook-secret-value" shown={shown} onClose={() => setShown(undefined)} />
      <WebhookDeliveriesDialog webhook={logOf} onOpenChange={(open) => (open ? undefined : setLogOf(undefined))} />
      <DeleteWebhookDialog webhook={deleting} onClose={() => setDeleting(undefined)} />
    </Card>
  );
}

function CreateWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useCreateWebhook();
  const form = useForm<CreateWebhookRequest>({
    resolver: zodResolver(createWebhookRequest),
    defaultValues: { url: '', events: [...WEBHOOK_EVENT_TYPES], description: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (created) => {
        form.reset();
        toast({ title: 'Webhook added', description: created.url });
        onCreated(created.secret);
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fieldErrors : undefined;
        if (fields?.events) form.setError('events', { message: fields.events });
        if (fields?.description) form.setError('description', { message: fields.description });
        if (fields?.url || !fields) form.setError('url', { message: fields?.url ?? reason(error) }, { shouldFocus: true });
      },
    }),
  );
  return (
    <form noValidate className="grid gap-4" aria-label="Add a webhook" onSubmit={(event) => void onSubmit(event)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Endpoint URL" htmlFor="webhook-url" error={errors.url?.message}>
          <Input
            id="webhook-url"
            type="url"
            autoComplete="off"
            placeholder="https://example.com/webhooks"
            {...form.register('url')}
          />
        </FormField>
        <FormField
          label="Description"
          htmlFor="webhook-description"
          hint="Optional, e.g. Slack alerts"
          error={errors.description?.message}
        >
          <Input id="webhook-description" autoComplete="off" {...form.register('description')} />
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="events"
        render={({ field }) => (
          <fieldset className="grid gap-2" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
            <legend className="mb-1 text-sm font-medium">Events to send</legend>
            {WEBHOOK_EVENT_TYPES.map((event) => {
              const id = `webhook-event-${event.replace(/[._]/g, '-')}`;
              return (
                <div key={event} className="flex items-start gap-2">
                  <Checkbox
                    id={id}
                    className="mt-0.5"
                    checked={field.value.includes(event)}
                    onCheckedChange={(checked) =>
                      field.onChange(
                        checked === true ? [...field.value, event] : field.value.filter((chosen) => chosen !== event),
                      )
                    }
                  />
                  <label htmlFor={id} className="text-sm">
                    <span className="font-mono">{event}</span> <span className="text-muted">— {EVENT_LABELS[event]}</span>
                  </label>
                </div>
              );
            })}
            {errors.events ? (
              <p id="webhook-events-error" className="text-sm text-danger">
                {errors.events.message ?? errors.events.root?.message}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add webhook'}
        </Button>
      </div>
    </form>
  );
}

function WebhookRow({
  webhook,
  onShowLog,
  onDelete,
  onRotated,
}: {
  webhook: WebhookResponse;
  onShowLog: () => void;
  onDelete: () => void;
  onRotated: (secret: string) => void;
}) {
  const update = useUpdateWebhook();
  const sendTest = useSendTestWebhook();
  const rotate = useRotateWebhookSecret();
  return (
    <li className="grid gap-2 rounded-md border border-line p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-all">{webhook.url}</span>
        <button
          type="button"
          role="switch"
          aria-checked={webhook.enabled}
          aria-label={`${webhook.url}: ${webhook.enabled ? 'on' : 'off'}`}
          disabled={update.isPending}
          className="inline-flex h-6 w-11 items-center rounded-full border border-line-strong bg-surface-3 px-0.5 aria-checked:bg-brand-80 disabled:opacity-60"
          onClick={() =>
            update.mutate(
              { id: webhook.id, body: { enabled: !webhook.enabled } },
              {
                onSuccess: () => toast({ title: 'Webhook updated' }),
                onError: (error) =>
                  toast({ title: 'Failed to update webhook', description: reason(error), variant: 'destructive' }),
              },
            )
          }
        >
          <span
            aria-hidden
            className={`size-4.5 rounded-full bg-white shadow transition-transform ${webhook.enabled ? 'translate-x-5' : ''}`}
          />
        </button>
      </div>
      {webhook.description ? <span>{webhook.description}</span> : null}
      <span className="text-muted">{webhook.events.join(', ')}</span>
      {webhook.disabledReason ? <Badge tone="warning">{webhook.disabledReason}</Badge> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={sendTest.isPending || !webhook.enabled}
          onClick={() =>
            sendTest.mutate(webhook.id, {
              onSuccess: () => toast({ title: 'Test event queued', description: 'See the delivery log for its answer.' }),
              onError: (error) =>
                toast({ title: 'Failed to send the test event', description: reason(error), variant: 'destructive' }),
            })
          }
        >
          Send test event
        </Button>
        <Button variant="outline" size="sm" onClick={onShowLog}>
          Delivery log
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={rotate.isPending}
          onClick={() =>
            rotate.mutate(webhook.id, {
              onSuccess: (rotated) => onRotated(rotated.secret),
              onError: (error) =>
                toast({ title: 'Failed to rotate the secret', description: reason(error), variant: 'destructive' }),
            })
          }
        >
          Rotate secret
        </Button>
        <Button variant="outline" size="sm" className="text-danger" aria-label={`Delete ${webhook.url}`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
  );
}

function DeleteWebhookDialog({ webhook, onClose }: { webhook: WebhookResponse | undefined; onClose: () => void }) {
  const remove = useDeleteWebhook();
  const onConfirm = () =>
    webhook &&
    remove.mutate(webhook.id, {
      onSuccess: () => {
        toast({ title: 'Webhook deleted', description: `Nothing more is sent to ${webhook.url}.` });
        onClose();
      },
      onError: (error) => toast({ title: 'Failed to delete webhook', description: reason(error), variant: 'destructive' }),
    });
  return (
    <ConfirmDialog
      open={webhook !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete this webhook?"
      description={`Nothing more is sent to ${webhook?.url ?? 'it'}, and its delivery log goes with it.`}
      confirmLabel={remove.isPending ? 'Deleting...' : 'Delete webhook'}
      pending={remove.isPending}
      onConfirm={onConfirm}
    />
  );
}
