CREATE TABLE `assessment_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`scope` text NOT NULL,
	`scope_value` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`cursor` text,
	`summary` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE INDEX `assessment_jobs_status_idx` ON `assessment_jobs` (`status`);--> statement-breakpoint
CREATE TABLE `batch_lineage` (
	`parent_batch_id` text NOT NULL,
	`child_batch_id` text NOT NULL,
	`kind` text NOT NULL,
	`weight_kg` real NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`parent_batch_id`, `child_batch_id`)
);
--> statement-breakpoint
CREATE INDEX `batch_lineage_child_idx` ON `batch_lineage` (`child_batch_id`);--> statement-breakpoint
CREATE TABLE `batch_origins` (
	`batch_id` text NOT NULL,
	`plot_id` text NOT NULL,
	`farmer_id` text NOT NULL,
	`weight_kg` real,
	PRIMARY KEY(`batch_id`, `plot_id`)
);
--> statement-breakpoint
CREATE INDEX `batch_origins_plot_id_idx` ON `batch_origins` (`plot_id`);--> statement-breakpoint
CREATE INDEX `batch_origins_farmer_id_idx` ON `batch_origins` (`farmer_id`);--> statement-breakpoint
CREATE TABLE `batches` (
	`id` text PRIMARY KEY NOT NULL,
	`batch_code` text NOT NULL,
	`commodity` text NOT NULL,
	`hs_code` text NOT NULL,
	`weight_kg` real NOT NULL,
	`grade` text,
	`harvest_date` text,
	`status` text NOT NULL,
	`compliance_status` text DEFAULT 'pending' NOT NULL,
	`compliance_reason` text,
	`county` text,
	`holder_id` text,
	`volume_flag` integer DEFAULT false NOT NULL,
	`volume_note` text,
	`derived_by` text,
	`dds_reference` text,
	`dds_verification` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `batches_batch_code_unique` ON `batches` (`batch_code`);--> statement-breakpoint
CREATE INDEX `batches_status_idx` ON `batches` (`status`);--> statement-breakpoint
CREATE INDEX `batches_commodity_idx` ON `batches` (`commodity`);--> statement-breakpoint
CREATE INDEX `batches_holder_id_idx` ON `batches` (`holder_id`);--> statement-breakpoint
CREATE TABLE `crop_yields` (
	`crop` text PRIMARY KEY NOT NULL,
	`kg_per_hectare` real NOT NULL,
	`updated_by` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `custody_events` (
	`id` text PRIMARY KEY NOT NULL,
	`batch_id` text NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`actor_id` text NOT NULL,
	`actor_role` text NOT NULL,
	`occurred_at` text NOT NULL,
	`latitude` real,
	`longitude` real,
	`location` text,
	`weight_in_kg` real,
	`weight_out_kg` real,
	`note` text
);
--> statement-breakpoint
CREATE INDEX `custody_events_batch_id_idx` ON `custody_events` (`batch_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `farmer_crops` (
	`farmer_id` text NOT NULL,
	`crop` text NOT NULL,
	PRIMARY KEY(`farmer_id`, `crop`)
);
--> statement-breakpoint
CREATE INDEX `farmer_crops_crop_idx` ON `farmer_crops` (`crop`,`farmer_id`);--> statement-breakpoint
CREATE TABLE `import_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`file_name` text NOT NULL,
	`file_hash` text NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`processed` integer DEFAULT 0 NOT NULL,
	`stored` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`errors` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `import_runs_created_at_idx` ON `import_runs` (`created_at`);--> statement-breakpoint
CREATE TABLE `layer_features` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`layer_id` text NOT NULL,
	`name` text,
	`geometry` text NOT NULL,
	`min_lon` real NOT NULL,
	`min_lat` real NOT NULL,
	`max_lon` real NOT NULL,
	`max_lat` real NOT NULL
);
--> statement-breakpoint
CREATE INDEX `layer_features_layer_id_idx` ON `layer_features` (`layer_id`);--> statement-breakpoint
CREATE INDEX `layer_features_bbox_idx` ON `layer_features` (`min_lon`,`max_lon`,`min_lat`,`max_lat`);--> statement-breakpoint
CREATE TABLE `plot_assessments` (
	`id` text PRIMARY KEY NOT NULL,
	`plot_id` text NOT NULL,
	`verdict` text NOT NULL,
	`evidence` text NOT NULL,
	`reasons` text NOT NULL,
	`assessed_at` text NOT NULL,
	`assessed_by` text,
	`job_id` text
);
--> statement-breakpoint
CREATE INDEX `plot_assessments_plot_id_idx` ON `plot_assessments` (`plot_id`,`assessed_at`);--> statement-breakpoint
CREATE INDEX `plot_assessments_job_id_idx` ON `plot_assessments` (`job_id`);--> statement-breakpoint
CREATE TABLE `reference_layers` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`source` text NOT NULL,
	`source_date` text NOT NULL,
	`version` text NOT NULL,
	`r2_key` text NOT NULL,
	`feature_count` integer DEFAULT 0 NOT NULL,
	`sample` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`uploaded_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `reference_layers_kind_idx` ON `reference_layers` (`kind`,`status`);--> statement-breakpoint
ALTER TABLE `farmers` ADD `name_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `farmers` ADD `last_name_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `farmers` ADD `import_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `farmers_import_key_unique` ON `farmers` (`import_key`);--> statement-breakpoint
CREATE INDEX `farmers_name_key_idx` ON `farmers` (`name_key`);--> statement-breakpoint
CREATE INDEX `farmers_last_name_key_idx` ON `farmers` (`last_name_key`);--> statement-breakpoint
CREATE INDEX `farmers_county_name_key_idx` ON `farmers` (`county`,`name_key`);--> statement-breakpoint
ALTER TABLE `land_plots` ADD `assessed_at` text;--> statement-breakpoint
ALTER TABLE `land_plots` ADD `import_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `land_plots_import_key_unique` ON `land_plots` (`import_key`);--> statement-breakpoint
CREATE INDEX `land_plots_crop_idx` ON `land_plots` (`crop`);--> statement-breakpoint
CREATE INDEX `land_plots_risk_level_idx` ON `land_plots` (`risk_level`);--> statement-breakpoint
CREATE INDEX `land_plots_validation_state_idx` ON `land_plots` (`validation_state`);