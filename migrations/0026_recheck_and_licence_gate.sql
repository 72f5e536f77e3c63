CREATE TABLE `recheck_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`ruleset_version` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`flagged` integer DEFAULT 0 NOT NULL,
	`cleared` integer DEFAULT 0 NOT NULL,
	`unchanged` integer DEFAULT 0 NOT NULL,
	`cursor` text,
	`last_error` text,
	`started_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE INDEX `recheck_jobs_status_idx` ON `recheck_jobs` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `plot_assessments` ADD `ruleset_version` text DEFAULT 'legacy' NOT NULL;--> statement-breakpoint
ALTER TABLE `licences` ADD `commodities` text;--> statement-breakpoint
ALTER TABLE `lots` ADD `held_reason` text;--> statement-breakpoint
ALTER TABLE `offers` ADD `held_reason` text;--> statement-breakpoint
ALTER TABLE `land_plots` ADD `ruleset_version` text DEFAULT 'legacy' NOT NULL;--> statement-breakpoint
ALTER TABLE `land_plots` ADD `review_state` text;--> statement-breakpoint
ALTER TABLE `land_plots` ADD `review_reasons` text;--> statement-breakpoint
ALTER TABLE `land_plots` ADD `review_since` text;--> statement-breakpoint
CREATE INDEX `land_plots_ruleset_idx` ON `land_plots` (`ruleset_version`,`id`);--> statement-breakpoint
-- hand-written:
-- Backfill (ADR 029): every plot and verdict stored before this migration reads 'legacy' through the
-- column DEFAULT above, so the re-check job (worker/services/recheck) takes all of them.
UPDATE `land_plots` SET `ruleset_version` = 'legacy' WHERE `ruleset_version` IS NULL;
