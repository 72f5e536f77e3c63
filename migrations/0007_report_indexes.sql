CREATE INDEX `batches_created_at_idx` ON `batches` (`created_at`);--> statement-breakpoint
CREATE INDEX `farmers_registration_date_idx` ON `farmers` (`registration_date`);