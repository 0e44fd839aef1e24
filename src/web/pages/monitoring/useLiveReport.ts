import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onMonitor, useMissedPushes } from '../../api/realtime';

/**
 * Keeps a monitor's report (its table and chart) fresh: when the server says something it watches
 * was written (a sign-in, an audited change, an upload or exchange), the page refetches what it shows.
 */
export function useLiveReport(kind: 'login' | 'log' | 'upload', page: string | undefined) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ predicate: (q) => (q.queryKey[0] === 'report' || q.queryKey[0] === 'report-chart') && q.queryKey[1] === page });
  useEffect(() => onMonitor((event) => {
    if (event.kind === kind && page) refresh();
  }), [kind, page, queryClient]); // eslint-disable-line react-hooks/exhaustive-deps -- refresh is made from these
  useMissedPushes('monitor', refresh);
}
