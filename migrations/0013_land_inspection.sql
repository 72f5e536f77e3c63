CREATE TABLE `plot_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`plot_id` text NOT NULL,
	`version` integer NOT NULL,
	`geometry` text NOT NULL,
	`geometry_type` text NOT NULL,
	`area_hectares` real NOT NULL,
	`county` text,
	`validation_issues` text DEFAULT '{}' NOT NULL,
	`valid_from` text NOT NULL,
	`replaced_at` text NOT NULL,
	`replaced_by` text,
	`reason` text,
	`submission_id` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plot_versions_submission_id_unique` ON `plot_versions` (`submission_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `plot_versions_plot_version_unique` ON `plot_versions` (`plot_id`,`version`);--> statement-breakpoint
CREATE TABLE `plot_visits` (
	`id` text PRIMARY KEY NOT NULL,
	`plot_id` text NOT NULL,
	`plot_version` integer NOT NULL,
	`visited_on` text NOT NULL,
	`latitude` real,
	`longitude` real,
	`accuracy_m` real,
	`findings` text NOT NULL,
	`decision` text NOT NULL,
	`photo_keys` text DEFAULT '[]' NOT NULL,
	`inspector_id` text NOT NULL,
	`submission_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plot_visits_submission_id_unique` ON `plot_visits` (`submission_id`);--> statement-breakpoint
CREATE INDEX `plot_visits_plot_id_idx` ON `plot_visits` (`plot_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `plot_assessments` ADD `plot_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `land_plots` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `land_plots` ADD `status` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE `land_plots` ADD `retired_reason` text;--> statement-breakpoint
ALTER TABLE `land_plots` ADD `retired_at` text;--> statement-breakpoint
ALTER TABLE `land_plots` ADD `retired_by` text;--> statement-breakpoint
ALTER TABLE `land_plots` ADD `last_visited_at` text;--> statement-breakpoint
ALTER TABLE `land_plots` ADD `visited_version` integer;--> statement-breakpoint
ALTER TABLE `land_plots` ADD `last_visit_decision` text;--> statement-breakpoint
ALTER TABLE `land_plots` ADD `visit_priority` integer GENERATED ALWAYS AS (CASE
  WHEN status <> 'active' THEN NULL
  WHEN visited_version = version AND last_visit_decision = 'disputed' THEN 1
  WHEN visited_version = version AND last_visit_decision = 'needs_new_boundary' THEN 2
  WHEN visited_version = version THEN NULL
  WHEN validation_state <> 'valid' THEN 3
  WHEN risk_level = 'high' THEN 4
  WHEN validation_issues LIKE '%possible-double-claim%' THEN 5
  WHEN risk_level = 'more_information_needed' THEN 6
  WHEN declared_county IS NOT NULL AND county IS NOT NULL AND declared_county <> county THEN 7
  WHEN validation_issues LIKE '%county-mismatch%' THEN 7
  WHEN validation_issues LIKE '%"rule"%' THEN 8
  ELSE 9 END) VIRTUAL;--> statement-breakpoint
CREATE INDEX `land_plots_visit_queue_idx` ON `land_plots` (`visit_priority`,`id`);--> statement-breakpoint
CREATE INDEX `land_plots_county_visit_queue_idx` ON `land_plots` (`county`,`visit_priority`,`id`);--> statement-breakpoint
ALTER TABLE `batch_origins` ADD `plot_version` integer DEFAULT 1 NOT NULL;