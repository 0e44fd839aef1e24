import { z } from 'zod';

/** One stock alert as Monitoring › Stock alerts lists it. */
export const stockAlertRow = z.object({
  id: z.number(),
  dealerId: z.number().nullable(),
  dealerName: z.string().nullable(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  materialId: z.number(),
  materialCode: z.string(),
  materialName: z.string(),
  /** low: below the minimum; high: above the maximum. */
  kind: z.enum(['low', 'high']),
  threshold: z.number(),
  /** On hand when raised, and now. */
  qty: z.number(),
  currentQty: z.number(),
  raisedAt: z.string(),
  clearedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
});
export type StockAlertRow = z.infer<typeof stockAlertRow>;

/** The last ledger invariant check, as the inventory monitor shows it: a drift is a red banner. */
export interface InvariantCheckResult {
  id: number;
  ranAt: string;
  ok: boolean;
  problems: string[];
  durationMs: number;
  /** schedule, or the user who ran it. */
  trigger: string;
}
