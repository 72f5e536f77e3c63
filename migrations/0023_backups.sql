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
CREATE INDEX `backup_runs_kind_started_idx` ON `backup_runs` (`kind`,`started_at`);