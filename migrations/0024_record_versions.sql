CREATE TABLE `record_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`record_type` text NOT NULL,
	`record_id` text NOT NULL,
	`batch_id` text,
	`version` integer NOT NULL,
	`kind` text NOT NULL,
	`corrects_id` text,
	`data` text NOT NULL,
	`reason` text,
	`actor_id` text,
	`actor_role` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `record_versions_record_version_idx` ON `record_versions` (`record_type`,`record_id`,`version`);--> statement-breakpoint
CREATE INDEX `record_versions_record_id_idx` ON `record_versions` (`record_id`);--> statement-breakpoint
CREATE INDEX `record_versions_batch_id_idx` ON `record_versions` (`batch_id`);--> statement-breakpoint
ALTER TABLE `custody_events` ADD `voided_at` text;--> statement-breakpoint
ALTER TABLE `custody_events` ADD `voided_by` text;--> statement-breakpoint
ALTER TABLE `custody_events` ADD `void_reason` text;