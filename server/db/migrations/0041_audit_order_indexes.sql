CREATE INDEX "audit_events_order_person_idx" ON "audit_events" USING btree ("institution_id",coalesce("user_id", 0),"id");--> statement-breakpoint
CREATE INDEX "audit_events_order_action_idx" ON "audit_events" USING btree ("institution_id","action","id");--> statement-breakpoint
CREATE INDEX "audit_events_order_kind_idx" ON "audit_events" USING btree ("institution_id","resource","id");--> statement-breakpoint
CREATE INDEX "audit_events_order_outcome_idx" ON "audit_events" USING btree ("institution_id","outcome","id");--> statement-breakpoint
CREATE INDEX "audit_events_order_ip_idx" ON "audit_events" USING btree ("institution_id",coalesce("ip", ''),"id");