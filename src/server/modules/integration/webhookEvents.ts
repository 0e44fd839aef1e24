import { and, eq } from 'drizzle-orm';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../../shared/api/webhooks';
import type { Db } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';
import { enqueueOutbox } from '../../outbox/enqueue';

/** What happened, to whom: the event's dealer (null: the operator's), its key and the ids its body is built from at send time. */
export interface WebhookSubject {
  dealerId: number | null;
  /** The thing the event is about (`order:12`): one endpoint's deliveries about it go out in the order written. */
  ref: string;
  payload: Record<string, number | string>;
}

/**
 * Writes the event's deliveries to the outbox in the caller's transaction (docs/outbox.md): one
 * per endpoint taking the event whose scope holds the event's dealer (its own dealer's, or an
 * endpoint of no dealer). A delivery is its endpoint's: the upload monitor shows it to whoever sees
 * that endpoint's dealer. Answers how many were written (the caller wakes the outbox when any).
 */
export async function enqueueWebhooks(tx: Db, event: WebhookEvent, subjects: WebhookSubject[]): Promise<number> {
  if (!subjects.length) return 0;
  const column = webhookEndpoints[WEBHOOK_EVENTS[event]];
  const endpoints = await tx.select({ id: webhookEndpoints.id, url: webhookEndpoints.url, dealerId: webhookEndpoints.dealerId }).from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.status, 'normal'), eq(column, true)));
  if (!endpoints.length) return 0;
  const occurredAt = new Date().toISOString();
  const messages = subjects.flatMap((s) => endpoints
    .filter((e) => e.dealerId === null || e.dealerId === s.dealerId)
    .map((e) => ({
      kind: 'webhook' as const, topic: event, target: e.url, dealerId: e.dealerId,
      payload: { endpointId: e.id, occurredAt, ...s.payload }, orderingKey: `hook:${e.id}:${s.ref}`,
    })));
  await enqueueOutbox(tx, messages);
  return messages.length;
}

