import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { SOCKET_EVENTS, SOCKET_PATH, type StockAlertPush } from '../../shared/api/notices';
import type { TripPush } from '../../shared/api/dispatch';
import type { Db } from '../db/client';
import { onMonitorEvent, type MonitorKind } from '../platform/monitorEvents';
import type { RedisLinks } from '../platform/redis';
import { dataScopeOf } from '../platform/dataScope';
import { resolveSession, type IdleLimits, type SessionUser } from '../platform/sessionStore';
import type { NoticePayload, Realtime, StockChange } from './types';

/** How often open sockets re-check their session: a revoked or expired one is disconnected. */
const RECHECK_MS = 60_000;

const dealerRoom = (id: number) => `dealer:${id}`;
const warehouseRoom = (id: number) => `warehouse:${id}`;
const STAFF_ROOM = 'staff';

/**
 * The rooms a user's pushes come through, by data scope (docs/product.md#permissions): a dealer
 * user its dealer; staff without data rules everything (`staff`); staff with rules each
 * dealer and warehouse of their rules.
 */
export async function roomsOf(db: Db, user: Pick<SessionUser, 'id' | 'dealerId'>): Promise<string[]> {
  const scope = await dataScopeOf(db, user);
  // Unrestricted only: staff narrowed to warehouses have no dealer list yet see only their warehouses.
  if (scope.dealerIds === null && scope.warehouseIds === null) return [STAFF_ROOM];
  return [...(scope.dealerIds ?? []).map(dealerRoom), ...(user.dealerId == null ? scope.warehouseIds ?? [] : []).map(warehouseRoom)];
}

/**
 * socket.io under the same host (docs/product.md#calls): a console connects with its
 * session token (`auth: { token }`), joins the rooms of its data scope, and receives
 * `notice` and `stock` events. Polling getNewNotice stays as the fallback.
 *
 * With Redis (several nodes), the Redis adapter carries every push to the other nodes, each of
 * which hands it to its own consoles in the rooms named: a notice saved through one node reaches
 * a console connected to another. Monitor pushes are still gathered per node (one a second per
 * room from each node that saw a change).
 */
export function attachRealtime(app: FastifyInstance, db: Db, idleLimits: IdleLimits, redis?: Pick<RedisLinks, 'pub' | 'sub' | 'prefix'>): Realtime {
  const io = new Server(app.server, { path: SOCKET_PATH, serveClient: false });
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub, { key: `${redis.prefix}-io` }));
  /** The session token each socket of this node signed in with. */
  const tokens = new WeakMap<Socket, string>();

  /** A socket whose session has ended is dropped; one whose scope changed moves rooms. */
  async function place(socket: Socket, token: string): Promise<boolean> {
    const user = await resolveSession(db, token, idleLimits);
    if (!user) return false;
    const rooms = await roomsOf(db, user);
    for (const room of socket.rooms) if (room !== socket.id && !rooms.includes(room)) void socket.leave(room);
    void socket.join(rooms);
    return true;
  }

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string') return next(new Error('unauthorized'));
    tokens.set(socket, token);
    place(socket, token).then(
      (ok) => next(ok ? undefined : new Error('unauthorized')),
      (err: unknown) => {
        app.log.error({ err }, 'socket handshake failed');
        next(new Error('internal'));
      },
    );
  });

  const recheck = setInterval(() => {
    for (const socket of io.sockets.sockets.values()) {
      // A socket here passed the handshake, which kept its token; without one its session is none.
      place(socket, tokens.get(socket) ?? '').then(
        (ok) => { if (!ok) socket.disconnect(true); },
        (err: unknown) => app.log.error({ err }, 'socket session check failed'),
      );
    }
  }, RECHECK_MS);
  recheck.unref();

  // Monitor pages refresh on what they watch; a burst of writes (an import) is one push a second per room.
  const pending = new Map<string, Set<MonitorKind>>();
  const flush = setInterval(() => {
    for (const [room, kinds] of pending) for (const kind of kinds) io.to(room).emit(SOCKET_EVENTS.monitor, { kind });
    pending.clear();
  }, 1000);
  flush.unref();
  const stopMonitor = onMonitorEvent(({ kind, dealerId }) => {
    for (const room of [STAFF_ROOM, ...(dealerId != null ? [dealerRoom(dealerId)] : [])]) {
      let kinds = pending.get(room);
      if (!kinds) pending.set(room, (kinds = new Set()));
      kinds.add(kind);
    }
  });

  // Before Fastify closes the HTTP server: open sockets would keep it waiting forever.
  app.addHook('preClose', async () => {
    clearInterval(recheck);
    clearInterval(flush);
    stopMonitor();
    // This node's sockets only: through the Redis adapter, `io.disconnectSockets` would drop every node's.
    io.local.disconnectSockets(true);
    io.engine.close();
  });

  const stockListeners = new Set<(change: StockChange) => void>();
  return {
    notice(dealerId: number, payload: NoticePayload) {
      io.to([dealerRoom(dealerId), STAFF_ROOM]).emit(SOCKET_EVENTS.notice, payload);
    },
    stockChanged(change: StockChange) {
      const rooms = [STAFF_ROOM, ...change.warehouseIds.map(warehouseRoom)];
      if (change.dealerId != null) rooms.push(dealerRoom(change.dealerId));
      io.to(rooms).emit(SOCKET_EVENTS.stock, change);
      for (const listener of stockListeners) listener(change);
      this.alertsRaised(change.alerts ?? []);
    },
    onStockChange(listener) {
      stockListeners.add(listener);
      return () => stockListeners.delete(listener);
    },
    alertsRaised(alerts: StockAlertPush[]) {
      for (const alert of alerts) {
        const rooms = [STAFF_ROOM, warehouseRoom(alert.warehouseId)];
        if (alert.dealerId != null) rooms.push(dealerRoom(alert.dealerId));
        io.to(rooms).emit(SOCKET_EVENTS.alert, alert);
      }
    },
    tripChanged(trip: TripPush) {
      const rooms = [STAFF_ROOM, warehouseRoom(trip.warehouseId)];
      if (trip.dealerId != null) rooms.push(dealerRoom(trip.dealerId));
      io.to(rooms).emit(SOCKET_EVENTS.trip, trip);
    },
  };
}
