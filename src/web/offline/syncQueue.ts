import { proxy, subscribe } from 'valtio';
import { SYNC_BATCH_MAX, type SyncAnswer, type SyncItem, type SyncVerdict } from '@shared/api/offlineSync';
import { orderBase } from '@shared/api/orders';
import { rethrowUnlessShown } from '../api/client';
import { api } from '../api/http';
import { getToken, session } from '../stores/session';
import { connectivity } from './connectivity';
import { queued, settle, type ConflictScan, type QueuedScan } from './scanStore';

/**
 * The device's queue of offline scans as the screens see it, and its sending
 * (docs/offline-floor.md). `items` mirrors IndexedDB (every user's); `rounds` counts sync
 * rounds that settled something, so screens refetch what the server now holds.
 */
export const offlineQueue = proxy<{ items: QueuedScan[]; rounds: number; syncing: boolean }>({ items: [], rounds: 0, syncing: false });

type VerdictListener = (verdicts: { item: QueuedScan; verdict: SyncVerdict }[]) => void;
const listeners = new Set<VerdictListener>();

/** Hears each batch's verdicts (a screen shows its order's refusals at once). */
export function onVerdicts(listener: VerdictListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function refreshQueue(): Promise<void> {
  offlineQueue.items = await queued();
}

const toItem = (q: QueuedScan): SyncItem => ({
  deviceId: q.deviceId, op: q.op, orderId: q.orderId, userId: q.userId, barcode: q.barcode, scannedAt: q.scannedAt,
  ...(q.locationId != null ? { locationId: q.locationId } : {}), ...(q.adjustKind ? { adjustKind: q.adjustKind } : {}),
});

/** The next batch of this user's queue: from its oldest item on, of one order page, in reading order. */
function nextBatch(items: QueuedScan[], userId: number): QueuedScan[] {
  const mine = items.filter((i) => i.userId === userId);
  const batch: QueuedScan[] = [];
  for (const i of mine) {
    if (batch.length >= SYNC_BATCH_MAX || (batch.length && i.page !== batch[0].page)) break;
    batch.push(i);
  }
  return batch;
}

/** Whose session a drain sends for: the signed-in user and the token their session was answered to. */
interface Sender { userId: number; token: string }

/** The page's signed-in user and its token, while the device's cookie still holds that token (no other sign-in or sign-out since). */
function signedIn(): Sender | null {
  const userId = session.user?.userId;
  const token = session.token;
  return userId != null && token && getToken() === token ? { userId, token } : null;
}

const same = (a: Sender | null, b: Sender) => a?.userId === b.userId && a.token === b.token;

/**
 * Sends `sender`'s items, batch by batch, for as long as the page and the device are still
 * signed in as `sender`: a sign-out or another user's sign-in stops it before its next batch
 * (docs/offline-floor.md). The client sends the device's token, checked here to be the sender's;
 * the server refuses a batch naming another user than the token's.
 */
async function drain(sender: Sender) {
  offlineQueue.syncing = true;
  try {
    for (;;) {
      const batch = nextBatch(await queued(), sender.userId);
      if (!batch.length || !connectivity.online || !same(signedIn(), sender)) return;
      let answer: SyncAnswer;
      try {
        answer = await api.post<SyncAnswer>(`${orderBase(batch[0].page)}/sync`, { items: batch.map(toItem) }, { quietErrors: true });
      } catch (err) {
        // Unanswered (the client marked the server out of reach) or refused whole: the batch
        // stays queued as it is, and goes again when the server answers.
        rethrowUnlessShown(err);
        return;
      }
      const byId = new Map(batch.map((i) => [i.deviceId, i]));
      const judged = answer.verdicts.flatMap((verdict) => {
        const item = byId.get(verdict.deviceId);
        return item ? [{ item, verdict }] : [];
      });
      const conflicts: ConflictScan[] = judged.filter((j) => j.verdict.verdict === 'refused')
        .map(({ item, verdict }) => ({ ...item, reason: verdict.reason, message: verdict.message ?? '' }));
      await settle(judged.map((j) => j.item.deviceId), conflicts);
      await refreshQueue();
      offlineQueue.rounds += 1;
      for (const l of listeners) l(judged);
    }
  } finally {
    offlineQueue.syncing = false;
  }
}

let running: { sender: Sender; done: Promise<void> } | null = null;

/**
 * Sends the signed-in user's queue; other users' items wait for them. One run at a time: a run
 * for a user who has since left ends at its next batch, and the new user's run starts after it.
 */
export function syncNow(): Promise<void> {
  const sender = signedIn();
  if (!sender || !connectivity.online) return Promise.resolve();
  if (running && same(running.sender, sender)) return running.done;
  // The run before it failed or not, its caller hears of it; this one starts when it has ended.
  const before = running ? running.done.catch(() => undefined) : Promise.resolve();
  const done: Promise<void> = before.then(() => drain(sender)).finally(() => {
    if (running?.done === done) running = null;
  });
  running = { sender, done };
  return done;
}

let started = false;
/** Loads the queue and sends it whenever the server answers again or a user signs in. */
export function startOfflineSync(): void {
  if (started) return;
  started = true;
  void refreshQueue().then(syncNow);
  subscribe(connectivity, () => { if (connectivity.online) void syncNow(); });
  subscribe(session, () => { if (session.user) void syncNow(); });
  // A batch the server failed on (not a verdict) goes again a little later.
  setInterval(() => { if (offlineQueue.items.some((i) => i.userId === session.user?.userId)) void syncNow(); }, RETRY_MS);
}

const RETRY_MS = 15_000;
