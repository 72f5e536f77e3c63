ALTER TABLE `record_versions` ADD `submission_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `record_versions_submission_id_unique` ON `record_versions` (`submission_id`);