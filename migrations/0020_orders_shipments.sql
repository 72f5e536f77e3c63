CREATE TABLE `order_allocations` (
	`order_id` text NOT NULL,
	`batch_id` text NOT NULL,
	`weight_g` integer NOT NULL,
	`allocated_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`order_id`, `batch_id`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_allocations_batch_unique` ON `order_allocations` (`batch_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`exporter_id` text NOT NULL,
	`buyer_name` text NOT NULL,
	`buyer_country` text NOT NULL,
	`commodity` text NOT NULL,
	`hs_code` text NOT NULL,
	`quantity_g` integer NOT NULL,
	`price_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`incoterm` text NOT NULL,
	`delivery_from` text NOT NULL,
	`delivery_to` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_code_unique` ON `orders` (`code`);--> statement-breakpoint
CREATE INDEX `orders_exporter_idx` ON `orders` (`exporter_id`,`status`);--> statement-breakpoint
ALTER TABLE `shipments` ADD `order_id` text;--> statement-breakpoint
ALTER TABLE `shipments` ADD `dds_reference` text;--> statement-breakpoint
ALTER TABLE `shipments` ADD `dds_verification` text;--> statement-breakpoint
ALTER TABLE `shipments` ADD `exported_at` text;