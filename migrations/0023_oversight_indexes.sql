CREATE INDEX `certificates_issued_at_idx` ON `certificates` (`issued_at`);--> statement-breakpoint
CREATE INDEX `fee_invoices_status_issued_idx` ON `fee_invoices` (`status`,`issued_on`);--> statement-breakpoint
CREATE INDEX `land_plots_created_at_idx` ON `land_plots` (`created_at`);--> statement-breakpoint
CREATE INDEX `land_plots_risk_assessed_idx` ON `land_plots` (`risk_level`,`assessed_at`);--> statement-breakpoint
CREATE INDEX `batches_compliance_updated_idx` ON `batches` (`compliance_status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `batches_volume_flag_idx` ON `batches` (`volume_flag`,`created_at`);--> statement-breakpoint
CREATE INDEX `custody_events_to_status_idx` ON `custody_events` (`to_status`,`occurred_at`);