CREATE TABLE `subject_versions` (
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`version` integer NOT NULL,
	PRIMARY KEY(`subject_type`, `subject_id`)
);
--> statement-breakpoint
CREATE INDEX `subject_versions_version_idx` ON `subject_versions` (`version`);--> statement-breakpoint
ALTER TABLE `certificates` ADD `data_version` text;--> statement-breakpoint

-- The certificate cache fast path (ADR 013): every change to a record that a certificate prints bumps
-- its data version in the same transaction, whoever writes it (services, imports, the demo seed).
-- Each bump takes the next value of one sequence (max + 1): the highest version among a subject's
-- records then changes whenever any of them does (db/queries/certificates.ts).

CREATE TRIGGER `farmers_insert_data_version` AFTER INSERT ON `farmers` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'farmer', NEW.id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'farmer', NEW.farmer_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.farmer_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `farmers_update_data_version` AFTER UPDATE ON `farmers` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'farmer', NEW.id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'farmer', NEW.farmer_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.farmer_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'farmer', OLD.id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'farmer', OLD.farmer_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.farmer_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `farmers_delete_data_version` AFTER DELETE ON `farmers` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'farmer', OLD.id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'farmer', OLD.farmer_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.farmer_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `land_plots_insert_data_version` AFTER INSERT ON `land_plots` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'plot', NEW.id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'farmer', NEW.farmer_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.farmer_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `land_plots_update_data_version` AFTER UPDATE ON `land_plots` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'plot', NEW.id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'farmer', NEW.farmer_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.farmer_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'plot', OLD.id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'farmer', OLD.farmer_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.farmer_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `land_plots_delete_data_version` AFTER DELETE ON `land_plots` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'plot', OLD.id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'farmer', OLD.farmer_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.farmer_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `plot_assessments_insert_data_version` AFTER INSERT ON `plot_assessments` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'plot', NEW.plot_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.plot_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `plot_assessments_update_data_version` AFTER UPDATE ON `plot_assessments` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'plot', NEW.plot_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.plot_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'plot', OLD.plot_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.plot_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `plot_assessments_delete_data_version` AFTER DELETE ON `plot_assessments` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'plot', OLD.plot_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.plot_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER `batch_origins_insert_data_version` AFTER INSERT ON `batch_origins` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', NEW.batch_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.batch_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `batch_origins_update_data_version` AFTER UPDATE ON `batch_origins` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', NEW.batch_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.batch_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', OLD.batch_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.batch_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `batch_origins_delete_data_version` AFTER DELETE ON `batch_origins` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', OLD.batch_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.batch_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
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
CREATE TRIGGER `custody_events_insert_data_version` AFTER INSERT ON `custody_events` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', NEW.batch_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.batch_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `custody_events_update_data_version` AFTER UPDATE ON `custody_events` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', NEW.batch_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.batch_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', OLD.batch_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.batch_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `custody_events_delete_data_version` AFTER DELETE ON `custody_events` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'batch', OLD.batch_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE OLD.batch_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `users_name_data_version` AFTER UPDATE OF first_name, last_name, company_name, organization_name, login_id ON `users` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'user', NEW.id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
--> statement-breakpoint
CREATE TRIGGER `certificates_status_data_version` AFTER UPDATE OF status ON `certificates` BEGIN
  INSERT INTO subject_versions (subject_type, subject_id, version)
    SELECT 'certificates', NEW.subject_type || ':' || NEW.subject_id, (SELECT coalesce(max(version), 0) + 1 FROM subject_versions) WHERE NEW.subject_type || ':' || NEW.subject_id IS NOT NULL
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET version = excluded.version;
END;
