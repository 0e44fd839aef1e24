import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import type { NoticeMessage, StockAlertPush, StockChange } from '@shared/api/notices';
import { SOCKET_EVENTS, SOCKET_PATH } from '@shared/api/socketEvents';
import type { TripPush } from '@shared/api/dispatch';
import { getToken } from '../stores/session';

/**
 * The console's socket.io connection (docs/product.md#calls): pushes of new-delivery
 * notices and stock changes. socket.io-client loads on first connect, outside the first
 * bundle. The client reconnects by itself after a lost connection; a refused handshake
 * (session ended) is final, and polling remains the fallback.
 */
const listeners = {
  notice: new Set<(notice: NoticeMessage) => void>(),
  stock: new Set<(change: StockChange) => void>(),
  alert: new Set<(alert: StockAlertPush) => void>(),
  trip: new Set<(trip: TripPush) => void>(),
  monitor: new Set<(event: { kind: string }) => void>(),
};
let socket: Socket | null = null;
/** The order monitor's list (page kit id): refreshed when a notice arrives or is read. */
export const NOTICE_LIST_ID = 'monitoring-orderMonitor';
let wanted = false;
type PushKind = keyof typeof listeners;
/** When the last push of each kind arrived (0: none yet), for views that were not listening then. */
const lastPushAt: Record<PushKind, number> = { notice: 0, stock: 0, alert: 0, trip: 0, monitor: 0 };

export async function connectRealtime(): Promise<void> {
  wanted = true;
  if (socket) return;
  const { io } = await import('socket.io-client');
  // Signed out while the library loaded.
  if (!wanted || socket) return;
  socket = io({
    path: SOCKET_PATH,
    // WebSocket from the start, no long-polling first: each connection is one request to one
    // node, so a load balancer in front of several nodes needs no sticky sessions.
    transports: ['websocket'],
    // A function, so every reconnect sends the token of the moment.
    auth: (send) => send({ token: getToken() ?? '' }),
  });
  const relay = (kind: PushKind, event: string) => socket!.on(event, (payload: unknown) => {
    lastPushAt[kind] = Date.now();
    for (const fn of listeners[kind] as Set<(p: unknown) => void>) fn(payload);
  });
  relay('notice', SOCKET_EVENTS.notice);
  relay('stock', SOCKET_EVENTS.stock);
  relay('alert', SOCKET_EVENTS.alert);
  relay('trip', SOCKET_EVENTS.trip);
  relay('monitor', SOCKET_EVENTS.monitor);
}

export function disconnectRealtime() {
  wanted = false;
  socket?.disconnect();
  socket = null;
}

/** Calls `fn` with each pushed notice; returns the unsubscribe. */
export function onNotice(fn: (notice: NoticeMessage) => void): () => void {
  listeners.notice.add(fn);
  return () => listeners.notice.delete(fn);
}

/** Calls `fn` with each stock change in the user's scope (live dashboards); returns the unsubscribe. */
export function onStockChange(fn: (change: StockChange) => void): () => void {
  listeners.stock.add(fn);
  return () => listeners.stock.delete(fn);
}

/** Calls `fn` with each stock alert raised in the user's scope; returns the unsubscribe. */
export function onStockAlert(fn: (alert: StockAlertPush) => void): () => void {
  listeners.alert.add(fn);
  return () => listeners.alert.delete(fn);
}

/** Calls `fn` with each car request that moved or had a stop reported, in the user's scope; returns the unsubscribe. */
export function onTrip(fn: (trip: TripPush) => void): () => void {
  listeners.trip.add(fn);
  return () => listeners.trip.delete(fn);
}

/** Calls `fn` when something a monitor watches was written (kind: login, log or upload) in the user's scope; returns the unsubscribe. */
export function onMonitor(fn: (event: { kind: string }) => void): () => void {
  listeners.monitor.add(fn);
  return () => listeners.monitor.delete(fn);
}

/**
 * Calls `onMissed` when a view kept alive in a hidden tab is shown again and a push of `kind`
 * arrived meanwhile. A hidden view's effects pause, its push listeners with them, so it would go
 * on showing what it had until its data went stale.
 */
export function useMissedPushes(kind: PushKind, onMissed: () => void): void {
  const hiddenAt = useRef<number | null>(null);
  const missed = useRef(onMissed);
  useEffect(() => { missed.current = onMissed; });
  useEffect(() => {
    if (hiddenAt.current !== null && lastPushAt[kind] > hiddenAt.current) missed.current();
    return () => { hiddenAt.current = Date.now(); };
  }, [kind]);
}
