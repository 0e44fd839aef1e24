CREATE INDEX "upload_logs_order_idx" ON "upload_logs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "upload_logs_dealer_idx" ON "upload_logs" USING btree ("dealer_id","created_at");