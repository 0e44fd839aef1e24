import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS, SOCKET_PATH, type NoticeMessage, type StockAlertPush, type StockChange } from '@shared/api/notices';
import type { TripPush } from '@shared/api/dispatch';
import { getToken } from '../stores/session';

/**
 * The console's socket.io connection (DESIGN.md "API contract"): pushes of new-delivery
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
/** When the last stock change arrived (0: none yet), for views that were not listening then. */
let lastStockChangeAt = 0;
export const lastStockChange = () => lastStockChangeAt;

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
  socket.on(SOCKET_EVENTS.notice, (notice: NoticeMessage) => listeners.notice.forEach((fn) => fn(notice)));
  socket.on(SOCKET_EVENTS.stock, (change: StockChange) => {
    lastStockChangeAt = Date.now();
    listeners.stock.forEach((fn) => fn(change));
  });
  socket.on(SOCKET_EVENTS.alert, (alert: StockAlertPush) => listeners.alert.forEach((fn) => fn(alert)));
  socket.on(SOCKET_EVENTS.trip, (trip: TripPush) => listeners.trip.forEach((fn) => fn(trip)));
  socket.on(SOCKET_EVENTS.monitor, (event: { kind: string }) => listeners.monitor.forEach((fn) => fn(event)));
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
