import { z } from 'zod';
import { isKeyOf } from '../must';

/**
 * The events an endpoint may take (System › Webhooks), each with the endpoint's column that turns
 * it on. The event's name is the outbox row's topic and the body's `type` (docs/integrations.md).
 */
export const WEBHOOK_EVENTS = {
  'order.completed': 'orderCompleted',
  'order.cancelled': 'orderCancelled',
  'stockAlert.raised': 'stockAlertRaised',
  'stockAlert.cleared': 'stockAlertCleared',
  'trip.delivered': 'tripDelivered',
} as const;
export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_NAMES = Object.keys(WEBHOOK_EVENTS).filter((e): e is WebhookEvent => isKeyOf(WEBHOOK_EVENTS, e));

/** The header carrying a delivery's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
export const SIGNATURE_HEADER = 'x-signature';
/** How old a signature's timestamp a receiver should still take (seconds); older: refused as a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const order = z.object({
  id: z.number(),
  orderNo: z.string(),
  orderType: z.string().describe('PR, WL, TR, … (docs/stock-model.md)'),
  status: z.string().describe('0 created, 1 scanning, 2 completed, 3 cancelled'),
  dealerCode: z.string().nullable(),
  warehouseCode: z.string(),
  externalNo: z.string().nullable().describe('The delivery note\'s document number, for a receipt made from one'),
  completedAt: z.string().nullable(),
  lines: z.array(z.object({ materialCode: z.string(), plannedQty: z.number(), scannedQty: z.number() })),
});

const stockAlert = z.object({
  id: z.number(),
  kind: z.enum(['low', 'high']),
  dealerCode: z.string().nullable(),
  warehouseCode: z.string(),
  materialCode: z.string(),
  threshold: z.number(),
  qty: z.number().describe('Stock when raised'),
  raisedAt: z.string(),
  clearedAt: z.string().nullable(),
  clearedQty: z.number().nullable(),
});

const trip = z.object({
  id: z.number(),
  requestNo: z.string(),
  status: z.string(),
  dealerCode: z.string().nullable(),
  warehouseCode: z.string(),
  deliveredAt: z.string().nullable(),
});

/** The envelope of every delivery: `id` is the delivery's, the same on a repeat (receivers drop repeats by it). */
const envelope = <T extends WebhookEvent, D extends z.ZodType>(type: T, data: D) => z.object({
  id: z.string().describe('The delivery\'s id, evt_<n>: the same when a delivery is repeated'),
  type: z.literal(type),
  createdAt: z.string().describe('When the event happened (ISO 8601)'),
  data: data,
});

/** Each event's body, as `openapi.json`'s `webhooks` section documents it. */
export const WEBHOOK_BODIES = {
  'order.completed': envelope('order.completed', order),
  'order.cancelled': envelope('order.cancelled', order),
  'stockAlert.raised': envelope('stockAlert.raised', stockAlert),
  'stockAlert.cleared': envelope('stockAlert.cleared', stockAlert),
  'trip.delivered': envelope('trip.delivered', trip),
} satisfies Record<WebhookEvent, z.ZodType>;
export type WebhookOrder = z.infer<typeof order>;
export type WebhookStockAlert = z.infer<typeof stockAlert>;
export type WebhookTrip = z.infer<typeof trip>;
