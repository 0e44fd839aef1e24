import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OfflineBook, SyncOp } from '@shared/api/offlineSync';
import type { OrderDetail } from '@shared/api/orders';
import type { AdjustKind, OrderPage } from '@shared/orders/orderTypes';

/** One scan or unscan taken offline, waiting to be sent (docs/offline-floor.md). */
export interface QueuedScan {
  /** Made on the device; the server judges each id once. */
  deviceId: string;
  page: OrderPage;
  op: SyncOp;
  orderId: number;
  /** Whose scan it is: only that user's session sends it. */
  userId: number;
  barcode: string;
  locationId: number | null;
  locationCode: string | null;
  adjustKind: AdjustKind | null;
  materialCode: string;
  /** The material the device judged it as, when its offline book knew the tyre. */
  materialId: number | null;
  scannedAt: string;
}

/** A queued scan the server refused, kept on its order with the reason until the user decides. */
export interface ConflictScan extends QueuedScan {
  reason: string | null;
  message: string;
}

/** What the device keeps of an order to check scans against while offline. */
export interface HeldOrder {
  key: string;
  detail: OrderDetail;
  book: OfflineBook | null;
  savedAt: string;
}

interface OfflineDb extends DBSchema {
  /** In reading order: the key is a counter the store gives. */
  queue: { key: number; value: QueuedScan & { seq?: number }; indexes: { deviceId: string } };
  conflicts: { key: string; value: ConflictScan; indexes: { orderId: number } };
  orders: { key: string; value: HeldOrder };
}

const DB_NAME = 'tcc-offline';
let opened: Promise<IDBPDatabase<OfflineDb>> | undefined;

const db = () => (opened ??= openDB<OfflineDb>(DB_NAME, 1, {
  upgrade(d) {
    d.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true }).createIndex('deviceId', 'deviceId', { unique: true });
    d.createObjectStore('conflicts', { keyPath: 'deviceId' }).createIndex('orderId', 'orderId');
    d.createObjectStore('orders', { keyPath: 'key' });
  },
}));

export const orderKey = (page: OrderPage, orderId: number) => `${page}:${orderId}`;

/**
 * Set while anything waits in the queue: the console starts the sender at sign-in only then
 * (app/SessionGate.tsx), so a device that never queued opens no database at start.
 */
export const WAITING_FLAG = 'offline.waiting';

export async function enqueue(item: QueuedScan): Promise<void> {
  await (await db()).add('queue', item);
  localStorage.setItem(WAITING_FLAG, '1');
}

/** Everything waiting, in reading order (every user's: callers pick their own). */
export async function queued(): Promise<QueuedScan[]> {
  return (await (await db()).getAll('queue')).map(({ seq: _, ...item }) => item);
}

/** Takes items off the queue once the server has judged them; refused ones become conflicts in the same transaction. */
export async function settle(done: string[], refused: ConflictScan[]): Promise<void> {
  const tx = (await db()).transaction(['queue', 'conflicts'], 'readwrite');
  const byDevice = tx.objectStore('queue').index('deviceId');
  for (const id of done) {
    const key = await byDevice.getKey(id);
    if (key !== undefined) await tx.objectStore('queue').delete(key);
  }
  for (const c of refused) await tx.objectStore('conflicts').put(c);
  const left = await tx.objectStore('queue').count();
  await tx.done;
  if (!left) localStorage.removeItem(WAITING_FLAG);
}

export async function conflictsOf(orderId: number): Promise<ConflictScan[]> {
  return (await db()).getAllFromIndex('conflicts', 'orderId', orderId);
}

export async function dropConflict(deviceId: string): Promise<void> {
  await (await db()).delete('conflicts', deviceId);
}

/** Keeps the order's detail or its offline book (whichever is given) for a scanning screen opened offline. */
export async function holdOrder(page: OrderPage, orderId: number, held: { detail?: OrderDetail; book?: OfflineBook }): Promise<void> {
  const d = await db();
  const tx = d.transaction('orders', 'readwrite');
  const key = orderKey(page, orderId);
  const before = await tx.store.get(key);
  const detail = held.detail ?? before?.detail;
  if (detail) await tx.store.put({ key, detail, book: held.book ?? before?.book ?? null, savedAt: new Date().toISOString() });
  await tx.done;
}

export async function heldOrder(page: OrderPage, orderId: number): Promise<HeldOrder | undefined> {
  return (await db()).get('orders', orderKey(page, orderId));
}
