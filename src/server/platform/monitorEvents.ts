/**
 * What the monitors watch, as it is written: a sign-in attempt, an audited change, an upload or an
 * exchange with an outside system. The realtime hub listens and tells the open monitor pages of
 * the consoles whose scope holds the dealer, so they refresh without polling. Writers do not know
 * about sockets; a write whose transaction rolls back may still announce itself, which costs one
 * needless refresh and nothing else.
 */
export type MonitorKind = 'login' | 'log' | 'upload';
export interface MonitorEvent { kind: MonitorKind; dealerId: number | null }

const listeners = new Set<(event: MonitorEvent) => void>();

export function announceMonitor(kind: MonitorKind, dealerId: number | null): void {
  for (const listener of listeners) listener({ kind, dealerId });
}

/** Subscribes to monitor events; answers the unsubscribe. */
export function onMonitorEvent(listener: (event: MonitorEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
