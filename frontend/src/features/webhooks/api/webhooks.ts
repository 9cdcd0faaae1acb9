import {
  buildPath,
  type CreatedWebhook,
  type CreateWebhookBody,
  ENDPOINT_ROUTES,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '@risk-profile/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

const WEBHOOKS_KEY = ['admin', 'webhooks'] as const;
const deliveriesKey = (id: string) => [...WEBHOOKS_KEY, id, 'deliveries'] as const;

/**
 * While a delivery log is open it is asked again this often: deliveries are made in the
 * background, so a log would otherwise go on showing "pending" for one long delivered.
 */
export const DELIVERY_REFRESH_MS = 3_000;

export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: WEBHOOKS_KEY,
    queryFn: async ({ signal }) => (await callEndpoint('listWebhooks', { signal })).endpoints,
    retry: false,
  });

export const deliveriesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: deliveriesKey(id),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) => {
      const cursor = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
      const page = await callEndpoint('listWebhookDeliveries', {
        path: `${buildPath(ENDPOINT_ROUTES.listWebhookDeliveries, { id })}${cursor}`,
        signal,
      });
      // The shape the page's paged lists read (InfiniteList).
      return { items: page.deliveries, nextCursor: page.nextCursor };
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: DELIVERY_REFRESH_MS,
    retry: false,
  });

function useRefreshEndpoints() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
}

export function useCreateWebhook() {
  const refresh = useRefreshEndpoints();
  return useMutation<CreatedWebhook, Error, CreateWebhookBody>({
    mutationFn: (body) => callEndpoint('createWebhook', { body }),
    onSuccess: () => refresh(),
  });
}

/** Pauses deliveries to an endpoint (`active: false`) or resumes them. */
export function useSetEndpointActive() {
  const refresh = useRefreshEndpoints();
  return useMutation<WebhookEndpointView, Error, { id: string; active: boolean }>({
    mutationFn: ({ id, active }) => {
      const name = active ? 'enableWebhook' : 'disableWebhook';
      return callEndpoint(name, { path: buildPath(ENDPOINT_ROUTES[name], { id }) });
    },
    onSuccess: () => refresh(),
  });
}

export function useDeleteEndpoint() {
  const refresh = useRefreshEndpoints();
  return useMutation<unknown, Error, string>({
    mutationFn: (id) =>
      callEndpoint('deleteWebhook', { path: buildPath(ENDPOINT_ROUTES.deleteWebhook, { id }) }),
    onSuccess: () => refresh(),
  });
}

/** A new signing secret for the endpoint; the answer is the only time it is shown. */
export function useRotateSecret() {
  const refresh = useRefreshEndpoints();
  return useMutation<{ secret: string }, Error, string>({
    mutationFn: (id) =>
      callEndpoint('rotateWebhookSecret', { path: buildPath(ENDPOINT_ROUTES.rotateWebhookSecret, { id }) }),
    onSuccess: () => refresh(),
  });
}

/** Sends one delivery again now (same webhook-id, same body), then shows the log as it is. */
export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation<WebhookDeliveryView, Error, { id: string; deliveryId: string }>({
    mutationFn: ({ id, deliveryId }) =>
      callEndpoint('resendWebhookDelivery', {
        path: buildPath(ENDPOINT_ROUTES.resendWebhookDelivery, { id, deliveryId }),
      }),
    onSuccess: (_delivery, { id }) => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}
