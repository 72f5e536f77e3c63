CREATE TABLE `backup_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`prefix` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`table_names` text NOT NULL,
	`schema_sql` text NOT NULL,
	`table_index` integer DEFAULT 0 NOT NULL,
	`after_rowid` integer DEFAULT 0 NOT NULL,
	`part` integer DEFAULT 0 NOT NULL,
	`table_rows` integer DEFAULT 0 NOT NULL,
	`hash_state` text,
	`tables` text DEFAULT '[]' NOT NULL,
	`bytes` integer DEFAULT 0 NOT NULL,
	`audit_start_id` integer NOT NULL,
	`audit_end_id` integer,
	`started_at` text NOT NULL,
	`finished_at` text,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `backup_runs_status_idx` ON `backup_runs` (`status`);--> statement-breakpoint
CREATE INDEX `backup_runs_kind_started_idx` ON `backup_runs` (`kind`,`started_at`);--> statement-breakpoint
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