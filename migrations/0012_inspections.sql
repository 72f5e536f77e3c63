CREATE TABLE `batch_dispatches` (
	`batch_id` text PRIMARY KEY NOT NULL,
	`warehouse_inspector_id` text NOT NULL,
	`warehouse` text,
	`dispatched_by` text NOT NULL,
	`dispatched_at` text NOT NULL,
	`note` text,
	`submission_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `batch_dispatches_submission_id_unique` ON `batch_dispatches` (`submission_id`);--> statement-breakpoint
CREATE INDEX `batch_dispatches_inspector_idx` ON `batch_dispatches` (`warehouse_inspector_id`,`dispatched_at`);--> statement-breakpoint
CREATE TABLE `batch_inspections` (
	`id` text PRIMARY KEY NOT NULL,
	`batch_id` text NOT NULL,
	`inspector_id` text NOT NULL,
	`inspected_at` text NOT NULL,
	`commodity` text NOT NULL,
	`moisture_tenth_pct` integer NOT NULL,
	`bean_count_per_100g` integer,
	`mouldy_tenth_pct` integer,
	`slaty_tenth_pct` integer,
	`defective_tenth_pct` integer,
	`foreign_matter_tenth_pct` integer NOT NULL,
	`smoky_beans` integer,
	`defects_per_300g` integer,
	`grade` text NOT NULL,
	`deciding_criteria` text NOT NULL,
	`outcome` text NOT NULL,
	`rejection_reason` text,
	`disposition` text,
	`location` text,
	`note` text,
	`submission_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `batch_inspections_submission_id_unique` ON `batch_inspections` (`submission_id`);--> statement-breakpoint
CREATE INDEX `batch_inspections_batch_idx` ON `batch_inspections` (`batch_id`,`inspected_at`);--> statement-breakpoint
CREATE TABLE `port_inspections` (
	`id` text PRIMARY KEY NOT NULL,
	`batch_id` text NOT NULL,
	`shipment_id` text,
	`inspector_id` text NOT NULL,
	`inspected_at` text NOT NULL,
	`port` text NOT NULL,
	`container_number` text NOT NULL,
	`seal_number` text NOT NULL,
	`pests_found` text,
	`treatment` text,
	`treatment_chemical` text,
	`treatment_date` text,
	`fumigation_certificate_ref` text,
	`outcome` text NOT NULL,
	`refusal_reason` text,
	`submission_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `port_inspections_submission_id_unique` ON `port_inspections` (`submission_id`);--> statement-breakpoint
CREATE INDEX `port_inspections_batch_idx` ON `port_inspections` (`batch_id`,`inspected_at`);--> statement-breakpoint
CREATE INDEX `port_inspections_shipment_idx` ON `port_inspections` (`shipment_id`);