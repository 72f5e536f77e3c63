CREATE TABLE `purchases` (
	`batch_id` text PRIMARY KEY NOT NULL,
	`buyer_id` text NOT NULL,
	`price_per_kg_minor` integer,
	`currency` text,
	`total_minor` integer,
	`moisture_tenth_pct` integer,
	`payment_method` text,
	`payment_reference` text,
	`submission_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchases_submission_id_unique` ON `purchases` (`submission_id`);--> statement-breakpoint
CREATE INDEX `purchases_buyer_created_idx` ON `purchases` (`buyer_id`,`created_at`);