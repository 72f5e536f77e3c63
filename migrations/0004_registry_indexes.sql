CREATE INDEX `batches_created_by_idx` ON `batches` (`created_by`);--> statement-breakpoint
CREATE INDEX `custody_events_actor_id_idx` ON `custody_events` (`actor_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `farmers_national_id_unique` ON `farmers` (`national_id`);