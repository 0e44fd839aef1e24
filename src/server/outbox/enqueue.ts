import type { Db } from '../db/client';
import { outbox } from '../db/schema';

/** Which sender delivers a message (`Outbox.register`). */
export type OutboxKind = 'mail' | 'webhook';

/** One message to send once its cause has committed (docs/outbox.md). */
export interface OutboxMessage {
  kind: OutboxKind;
  /** What caused it: 'subscription', 'stockAlert', 'order.completed', … */
  topic: string;
  /** Where it goes, as the upload monitor shows it: a mail address, an endpoint's URL. */
  target: string;
  /**
   * What the sender needs to build it, as JSON: ids and moments, not content. Mail and webhook
   * bodies are computed at send time, as their receiver may see them then.
   */
  payload: Record<string, unknown>;
  /** Whose it is, for the upload monitor's data scope (null or unset: the operator's). */
  dealerId?: number | null;
  /** Messages of one key go out one after another in the order they were written. */
  orderingKey?: string | null;
}

/** Rows a single INSERT carries at most (PostgreSQL takes up to 65,535 parameters a statement). */
const CHUNK = 1_000;

/**
 * Writes messages to the outbox in the caller's transaction, so they leave if and only if what
 * caused them commits. Call `Outbox.wake()` after the commit to have this node send them at once.
 */
export async function enqueueOutbox(tx: Db, messages: OutboxMessage[]): Promise<void> {
  for (let i = 0; i < messages.length; i += CHUNK) {
    await tx.insert(outbox).values(messages.slice(i, i + CHUNK).map((m) => ({
      kind: m.kind, topic: m.topic, target: m.target.slice(0, 512), payload: m.payload, dealerId: m.dealerId ?? null, orderingKey: m.orderingKey ?? null,
    })));
  }
}
