import * as webhookEndpoints from '@shared/contract/webhooks';
import type { CreateWebhookRequest, UpdateWebhookRequest } from '@shared/schemas/webhooks';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withStepUp } from '../../../lib/step-up';
import { useInvalidate } from '../../../lib/use-invalidate';

/** Adding, changing, deleting and rotating are security changes: each may ask 'Confirm it's you' first. */
export function useCreateWebhook() {
  const invalidate = useInvalidate(queryKeys.webhooks);
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) => withStepUp(() => call(webhookEndpoints.create, { body })),
    onSuccess: invalidate,
  });
}

export function useUpdateWebhook() {
  const invalidate = useInvalidate(queryKeys.webhooks);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookRequest }) =>
      withStepUp(() => call(webhookEndpoints.update, { params: { id }, body })),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook() {
  const invalidate = useInvalidate(queryKeys.webhooks);
  return useMutation({
    mutationFn: (id: string) => withStepUp(() => call(webhookEndpoints.remove, { params: { id } })),
    onSuccess: invalidate,
  });
}

export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: (id: string) => withStepUp(() => call(webhookEndpoints.rotateSecret, { params: { id } })),
  });
}

export function useSendTestWebhook() {
  const invalidate = useInvalidate(queryKeys.webhooks);
  return useMutation({
    mutationFn: (id: string) => call(webhookEndpoints.sendTest, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useRetryWebhookDelivery() {
  const invalidate = useInvalidate(queryKeys.webhooks);
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      call(webhookEndpoints.retryDelivery, { params: { id, deliveryId } }),
    onSuccess: invalidate,
  });
}
