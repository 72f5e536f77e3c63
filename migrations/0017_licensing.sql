CREATE TABLE `export_permits` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text,
	`shipment_id` text NOT NULL,
	`exporter_id` text NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`valid_from` text,
	`valid_until` text,
	`status_reason` text,
	`note` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `export_permits_number_unique` ON `export_permits` (`number`);--> statement-breakpoint
CREATE INDEX `export_permits_exporter_idx` ON `export_permits` (`exporter_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `export_permits_live_shipment_unique` ON `export_permits` (`shipment_id`) WHERE status IN ('requested', 'recommended', 'issued');--> statement-breakpoint
CREATE TABLE `fee_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`payer_id` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`fee_type` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`issued_on` text NOT NULL,
	`due_on` text NOT NULL,
	`status` text DEFAULT 'billed' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fee_invoices_number_unique` ON `fee_invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `fee_invoices_subject_unique` ON `fee_invoices` (`subject_type`,`subject_id`,`fee_type`);--> statement-breakpoint
CREATE INDEX `fee_invoices_payer_idx` ON `fee_invoices` (`payer_id`);--> statement-breakpoint
CREATE INDEX `fee_invoices_issued_idx` ON `fee_invoices` (`issued_on`);--> statement-breakpoint
CREATE TABLE `fee_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`receipt_number` text NOT NULL,
	`reference` text NOT NULL,
	`method` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`paid_on` text NOT NULL,
	`recorded_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fee_payments_invoice_id_unique` ON `fee_payments` (`invoice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `fee_payments_receipt_number_unique` ON `fee_payments` (`receipt_number`);--> statement-breakpoint
CREATE INDEX `fee_payments_paid_idx` ON `fee_payments` (`paid_on`);--> statement-breakpoint
CREATE TABLE `licences` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text,
	`type` text NOT NULL,
	`applicant_id` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`company_name` text NOT NULL,
	`county` text,
	`note` text,
	`created_by` text NOT NULL,
	`valid_from` text,
	`valid_until` text,
	`status_reason` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `licences_number_unique` ON `licences` (`number`);--> statement-breakpoint
CREATE INDEX `licences_applicant_idx` ON `licences` (`applicant_id`,`type`);--> statement-breakpoint
CREATE INDEX `licences_status_idx` ON `licences` (`status`);--> statement-breakpoint
CREATE TABLE `licensing_steps` (
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`version` integer NOT NULL,
	`step` text NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`actor_id` text NOT NULL,
	`actor_role` text NOT NULL,
	`reason` text,
	`occurred_at` text NOT NULL,
	PRIMARY KEY(`subject_type`, `subject_id`, `version`)
);
--> statement-breakpoint
CREATE TABLE `shipment_batches` (
	`shipment_id` text NOT NULL,
	`batch_id` text NOT NULL,
	`weight_g` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`shipment_id`, `batch_id`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipment_batches_batch_unique` ON `shipment_batches` (`batch_id`);--> statement-breakpoint
CREATE TABLE `shipments` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`exporter_id` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipments_code_unique` ON `shipments` (`code`);--> statement-breakpoint
CREATE INDEX `shipments_exporter_idx` ON `shipments` (`exporter_id`);