ALTER TABLE "order_scans" ADD COLUMN "book_location_id" integer;--> statement-breakpoint
-- A completed stocktake freezes where each counted tyre was on the books (its last move's location
-- up to the completion: modules/orders/stocktakeBook.ts locationAt, spelled out here). The
-- stocktakes completed in the last 92 days are frozen now, a tyre's moves read on the barcode
-- index; older ones go on reading the moves (the comparison's default range is 30 days).
UPDATE "order_scans" c SET book_location_id = coalesce((
  SELECT t.location_id FROM (SELECT m.location_id, m.moved_at, m.id FROM stock_moves m WHERE m.barcode = c.barcode OFFSET 0) t
  WHERE t.moved_at <= o.completed_at ORDER BY t.moved_at DESC, t.id DESC LIMIT 1), 0)
FROM "orders" o
WHERE o.id = c.order_id AND o.order_type = 'IV' AND o.status = '2' AND o.completed_at >= now() - interval '92 days';
