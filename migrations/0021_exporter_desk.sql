CREATE TABLE `inspection_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`requester_id` text NOT NULL,
	`kind` text NOT NULL,
	`batch_id` text,
	`shipment_id` text,
	`subject_code` text NOT NULL,
	`preferred_date` text NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`inspector_id` text,
	`scheduled_for` text,
	`note` text,
	`inspector_note` text,
	`submission_id` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inspection_requests_submission_id_unique` ON `inspection_requests` (`submission_id`);--> statement-breakpoint
CREATE INDEX `inspection_requests_requester_idx` ON `inspection_requests` (`requester_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `inspection_requests_queue_idx` ON `inspection_requests` (`kind`,`status`,`inspector_id`);--> statement-breakpoint
CREATE TABLE `stock_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`receipt_number` text NOT NULL,
	`payer_id` text NOT NULL,
	`payee_id` text NOT NULL,
	`batch_codes` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`reference` text NOT NULL,
	`method` text NOT NULL,
	`paid_on` text NOT NULL,
	`note` text,
	`submission_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_payments_receipt_number_unique` ON `stock_payments` (`receipt_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `stock_payments_submission_id_unique` ON `stock_payments` (`submission_id`);--> statement-breakpoint
CREATE INDEX `stock_payments_payer_idx` ON `stock_payments` (`payer_id`,`paid_on`);--> statement-breakpoint
CREATE INDEX `stock_payments_payee_idx` ON `stock_payments` (`payee_id`);