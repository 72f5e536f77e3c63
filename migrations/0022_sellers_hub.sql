CREATE TABLE `lot_plots` (
	`lot_id` text NOT NULL,
	`plot_id` text NOT NULL,
	PRIMARY KEY(`lot_id`, `plot_id`)
);
--> statement-breakpoint
CREATE INDEX `lot_plots_plot_idx` ON `lot_plots` (`plot_id`);--> statement-breakpoint
CREATE TABLE `lots` (
	`id` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`seller_id` text NOT NULL,
	`seller_role` text NOT NULL,
	`batch_id` text,
	`commodity` text NOT NULL,
	`grade` text,
	`county` text,
	`quantity_g` integer NOT NULL,
	`remaining_g` integer NOT NULL,
	`asking_minor_per_kg` integer NOT NULL,
	`currency` text NOT NULL,
	`season` text,
	`status` text DEFAULT 'open' NOT NULL,
	`submission_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "lots_remaining_not_negative" CHECK("lots"."remaining_g" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lots_submission_id_unique` ON `lots` (`submission_id`);--> statement-breakpoint
CREATE INDEX `lots_status_commodity_idx` ON `lots` (`status`,`commodity`);--> statement-breakpoint
CREATE INDEX `lots_seller_idx` ON `lots` (`seller_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `lots_open_batch_idx` ON `lots` (`batch_id`) WHERE status = 'open' AND batch_id IS NOT NULL;--> statement-breakpoint
CREATE TABLE `offer_decisions` (
	`offer_id` text PRIMARY KEY NOT NULL,
	`decision` text NOT NULL,
	`decided_by` text NOT NULL,
	`decided_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `offers` (
	`id` text PRIMARY KEY NOT NULL,
	`lot_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`buyer_role` text NOT NULL,
	`quantity_g` integer NOT NULL,
	`price_minor_per_kg` integer NOT NULL,
	`currency` text NOT NULL,
	`grade` text,
	`note` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_at` text,
	`batch_id` text,
	`submission_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offers_submission_id_unique` ON `offers` (`submission_id`);--> statement-breakpoint
CREATE INDEX `offers_lot_idx` ON `offers` (`lot_id`);--> statement-breakpoint
CREATE INDEX `offers_buyer_idx` ON `offers` (`buyer_id`);