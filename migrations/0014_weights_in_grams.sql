-- Weights in integer grams (ADR 020). Written by hand as a whole: the copy
-- must sit between adding the gram columns and dropping the kilogram ones, and SQLite cannot ADD a
-- NOT NULL column without a default, so batches, batch_lineage and crop_yields are rebuilt (their
-- indexes and the data-version triggers of 0009 are recreated as they were). Rows move unchanged
-- apart from the unit: grams = ROUND(kg × 1000). The rebuild copies rows without firing triggers,
-- so no data version changes (certificates print the same weights).
ALTER TABLE `custody_events` ADD `weight_in_g` integer;--> statement-breakpoint
ALTER TABLE `custody_events` ADD `weight_out_g` integer;--> statement-breakpoint
UPDATE `custody_events` SET `weight_in_g` = CAST(ROUND(`weight_in_kg` * 1000) AS INTEGER), `weight_out_g` = CAST(ROUND(`weight_out_kg` * 1000) AS INTEGER);--> statement-breakpoint
ALTER TABLE `custody_events` DROP COLUMN `weight_in_kg`;--> statement-breakpoint
ALTER TABLE `custody_events` DROP COLUMN `weight_out_kg`;--> statement-breakpoint
ALTER TABLE `batch_origins` ADD `weight_g` integer;--> statement-breakpoint
UPDATE `batch_origins` SET `weight_g` = CAST(ROUND(`weight_kg` * 1000) AS INTEGER);--> statement-breakpoint
ALTER TABLE `batch_origins` DROP COLUMN `weight_kg`;--> statement-breakpoint
CREATE TABLE `__new_crop_yields` (
	`crop` text PRIMARY KEY NOT NULL,
	`grams_per_hectare` integer NOT NULL,
	`updated_by` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_crop_yields` (`crop`, `grams_per_hectare`, `updated_by`, `updated_at`)
  SELECT `crop`, CAST(ROUND(`kg_per_hectare` * 1000) AS INTEGER), `updated_by`, `updated_at` FROM `crop_yields`;--> statement-breakpoint
DROP TABLE `crop_yields`;--> statement-breakpoint
ALTER TABLE `__new_crop_yields` RENAME TO `crop_yields`;--> statement-breakpoint
CREATE TABLE `__new_batch_lineage` (
	`parent_batch_id` text NOT NULL,
	`child_batch_id` text NOT NULL,
	`kind` text NOT NULL,
	`weight_g` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`parent_batch_id`, `child_batch_id`)
);
--> statement-breakpoint
INSERT INTO `__new_batch_lineage` (`parent_batch_id`, `child_batch_id`, `kind`, `weight_g`, `created_at`)
  SELECT `parent_batch_id`, `child_batch_id`, `kind`, CAST(ROUND(`weight_kg` * 1000) AS INTEGER), `created_at` FROM `batch_lineage`;--> statement-breakpoint
DROP TABLE `batch_lineage`;--> statement-breakpoint
ALTER TABLE `__new_batch_lineage` RENAME TO `batch_lineage`;--> statement-breakpoint
CREATE INDEX `batch_lineage_child_idx` ON `batch_lineage` (`child_batch_id`);--> statement-breakpoint
CREATE TRIGGER `batch_lineage_insert_data_version` AFTER INSERT ON `batch_lineage` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', NEW.child_batch_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.child_batch_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `batch_lineage_update_data_version` AFTER UPDATE ON `batch_lineage` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', NEW.child_batch_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.child_batch_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', OLD.child_batch_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.child_batch_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `batch_lineage_delete_data_version` AFTER DELETE ON `batch_lineage` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', OLD.child_batch_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.child_batch_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TABLE `__new_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`batch_code` text NOT NULL,
	`commodity` text NOT NULL,
	`hs_code` text NOT NULL,
	`weight_g` integer NOT NULL,
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
INSERT INTO `__new_batches` (`id`, `batch_code`, `commodity`, `hs_code`, `grade`, `harvest_date`, `status`, `compliance_status`, `compliance_reason`, `county`, `holder_id`, `volume_flag`, `volume_note`, `derived_by`, `dds_reference`, `dds_verification`, `created_by`, `created_at`, `updated_at`, `weight_g`)
  SELECT `id`, `batch_code`, `commodity`, `hs_code`, `grade`, `harvest_date`, `status`, `compliance_status`, `compliance_reason`, `county`, `holder_id`, `volume_flag`, `volume_note`, `derived_by`, `dds_reference`, `dds_verification`, `created_by`, `created_at`, `updated_at`, CAST(ROUND(`weight_kg` * 1000) AS INTEGER) FROM `batches`;--> statement-breakpoint
DROP TABLE `batches`;--> statement-breakpoint
ALTER TABLE `__new_batches` RENAME TO `batches`;--> statement-breakpoint
CREATE UNIQUE INDEX `batches_batch_code_unique` ON `batches` (`batch_code`);--> statement-breakpoint
CREATE INDEX `batches_status_idx` ON `batches` (`status`);--> statement-breakpoint
CREATE INDEX `batches_commodity_idx` ON `batches` (`commodity`);--> statement-breakpoint
CREATE INDEX `batches_holder_id_idx` ON `batches` (`holder_id`);--> statement-breakpoint
CREATE INDEX `batches_created_by_idx` ON `batches` (`created_by`);--> statement-breakpoint
CREATE INDEX `batches_created_at_idx` ON `batches` (`created_at`);--> statement-breakpoint
CREATE TRIGGER `batches_insert_data_version` AFTER INSERT ON `batches` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', NEW.id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `batches_update_data_version` AFTER UPDATE ON `batches` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', NEW.id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', OLD.id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `batches_delete_data_version` AFTER DELETE ON `batches` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', OLD.id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
