CREATE INDEX "invoices_service_date_idx" ON "invoices" USING btree ("service_date");--> statement-breakpoint
CREATE INDEX "bush_bed_services_year_week_idx" ON "bush_bed_services" USING btree ("year","week","week_day","crew");--> statement-breakpoint
CREATE INDEX "visits_workday_idx" ON "visits" USING btree ("workday");