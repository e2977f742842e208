import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@tidewatch/contract';
import { api } from '../../../lib/api';
import type { WebhooksView } from '../list-view';

export type DeliveriesQuery = NonNullable<Parameters<typeof api.webhooks.deliveries>[0]['query']>;
type WebhookBody = Parameters<typeof api.webhooks.create>[0]['body'];
type WebhookChange = NonNullable<Parameters<typeof api.webhooks.update>[0]['body']>;

export const DELIVERIES_PAGE_SIZE = 20;

/** The page of the open webhook's deliveries a view shows, as the API takes it. */
export function deliveriesQueryOf(view: WebhooksView): DeliveriesQuery {
  const cursor = view.cursors?.at(-1);
  return { limit: DELIVERIES_PAGE_SIZE, ...(cursor && { cursor }) };
}

/** While a delivery is on its way, its page asks again this often (the server sends within about a second). */
export const PENDING_POLL_MS = 1000;

export const webhookKeys = {
  customer: (customerId: string) => ['webhooks', customerId] as const,
  list: (customerId: string) => [...webhookKeys.customer(customerId), 'list'] as const,
  deliveries: (customerId: string, webhookId: string) =>
    [...webhookKeys.customer(customerId), 'deliveries', webhookId] as const,
};

/** The customer's webhook endpoints, newest first. */
export const webhooksQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: webhookKeys.list(customerId),
    queryFn: ({ signal }) =>
      api.webhooks.list({ params: { customer_id: customerId }, signal }).then((answer) => answer.data),
  });

const anyPending = (deliveries: WebhookDelivery[] | undefined) =>
  deliveries?.some((delivery) => delivery.status === 'pending') ?? false;

/** One page of a webhook's deliveries, newest first; asked again while any of them is still on its way. */
export const deliveriesQueryOptions = (customerId: string, webhookId: string, query: DeliveriesQuery) =>
  queryOptions({
    queryKey: [...webhookKeys.deliveries(customerId, webhookId), query] as const,
    queryFn: ({ signal }) =>
      api.webhooks.deliveries({ params: { customer_id: customerId, webhook_id: webhookId }, query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (anyPending(current.state.data?.data) ? PENDING_POLL_MS : false),
  });

/** Registers an endpoint; the answer holds its signing secret, the only time it is shown. */
export function useCreateWebhook(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookBody) => api.webhooks.create({ params: { customer_id: customerId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(customerId) }),
  });
}

/** Changes an endpoint's address, description or events (the form reports its own failures). */
export function useUpdateWebhook(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, body }: { webhookId: string; body: WebhookChange }) =>
      api.webhooks.update({ params: { customer_id: customerId, webhook_id: webhookId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(customerId) }),
  });
}

/** Turns an endpoint off, or on again (which clears its failures). */
export function useSetWebhookEnabled(customerId: string) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t`Could not turn the webhook on or off` },
    mutationFn: ({ webhookId, enabled }: { webhookId: string; enabled: boolean }) =>
      api.webhooks.update({ params: { customer_id: customerId, webhook_id: webhookId }, body: { enabled } }),
    // Turning off fails the deliveries still waiting: their list changes too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.customer(customerId) }),
  });
}

/** Removes an endpoint and its delivery log. */
export function useDeleteWebhook(customerId: string) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t`Could not delete the webhook` },
    mutationFn: (webhookId: string) =>
      api.webhooks.delete({ params: { customer_id: customerId, webhook_id: webhookId } }),
    onSuccess: (_answer, webhookId) => {
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(customerId, webhookId) });
      return queryClient.invalidateQueries({ queryKey: webhookKeys.list(customerId) });
    },
  });
}

/** A new signing secret; the old one also signs for a day. */
export function useRotateWebhookSecret(customerId: string) {
  const { t } = useLingui();
  return useMutation({
    meta: { errorMessage: t`Could not rotate the signing secret` },
    mutationFn: (webhookId: string) =>
      api.webhooks.rotateSecret({ params: { customer_id: customerId, webhook_id: webhookId } }),
  });
}

/** Sends a `webhook.test` event to the endpoint now; its delivery heads the endpoint's list. */
export function useSendTestEvent(customerId: string) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t`Could not send the test event` },
    mutationFn: (webhookId: string) =>
      api.webhooks.test({ params: { customer_id: customerId, webhook_id: webhookId } }),
    onSuccess: (_delivery, webhookId) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(customerId, webhookId) }),
  });
}

/** Sends a delivered or failed message again, with its message id. */
export function useRedeliver(customerId: string, webhookId: string) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t`Could not send the message again` },
    mutationFn: (deliveryId: string) =>
      api.webhooks.redeliver({
        params: { customer_id: customerId, webhook_id: webhookId, delivery_id: deliveryId },
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(customerId, webhookId) }),
  });
}
