import { ANALYTICS_CHANGED_EVENT, ENDPOINT_ROUTES } from '@risk-profile/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ANALYTICS_QUERY_KEY } from './analytics-queries';

export type StreamState = 'connecting' | 'live' | 'reconnecting';

/**
 * Keeps the dashboard live without polling: the server sends "changed" after the projections
 * change, and the dashboard's queries are invalidated, so the ones on screen refetch. EventSource
 * reconnects by itself after a drop; on reconnecting everything is refetched once, since changes
 * may have been missed meanwhile.
 */
export function useAnalyticsStream(enabled: boolean): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource(ENDPOINT_ROUTES.analyticsStream.path, { withCredentials: true });
    const refetch = () => void queryClient.invalidateQueries({ queryKey: ANALYTICS_QUERY_KEY });
    let opened = false;
    source.onopen = () => {
      if (opened) refetch();
      opened = true;
      setState('live');
    };
    source.onerror = () => setState('reconnecting');
    source.addEventListener(ANALYTICS_CHANGED_EVENT, refetch);
    return () => source.close();
  }, [enabled, queryClient]);
  return state;
}
