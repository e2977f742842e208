import { useQueryClient } from '@tanstack/react-query';
import type { SessionData } from '@tidewatch/contract';
import { useEffect } from 'react';

/**
 * The tab's one live event stream, open while the shell shows a session that may use the portal
 * (not while a required second factor waits to be set up). The stream's code loads after the first
 * screen, which it is no part of (decision 0103).
 */
export function useLiveEvents(session: SessionData) {
  const queryClient = useQueryClient();
  const live = !session['two-factor-enrolment-required'];
  useEffect(() => {
    if (!live) return;
    let close: (() => void) | undefined;
    let unmounted = false;
    void import('./event-stream').then(({ openEventStream }) => {
      if (!unmounted) close = openEventStream(queryClient);
    });
    return () => {
      unmounted = true;
      close?.();
    };
  }, [live, queryClient]);
}
