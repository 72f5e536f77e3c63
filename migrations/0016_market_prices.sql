CREATE TABLE `exchange_rates` (
	`id` text PRIMARY KEY NOT NULL,
	`date` text NOT NULL,
	`base_currency` text NOT NULL,
	`quote_currency` text NOT NULL,
	`rate_e4` integer NOT NULL,
	`source` text NOT NULL,
	`is_sample` integer DEFAULT false NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exchange_rates_pair_date_unique` ON `exchange_rates` (`base_currency`,`quote_currency`,`date`);--> statement-breakpoint
CREATE TABLE `farm_gate_formulas` (
	`id` text PRIMARY KEY NOT NULL,
	`commodity` text NOT NULL,
	`version` integer NOT NULL,
	`effective_from` text NOT NULL,
	`fob_share_bp` integer NOT NULL,
	`costs_per_kg_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`basis` text NOT NULL,
	`is_sample` integer DEFAULT false NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `farm_gate_formulas_commodity_version_unique` ON `farm_gate_formulas` (`commodity`,`version`);--> statement-breakpoint
CREATE INDEX `farm_gate_formulas_commodity_from_idx` ON `farm_gate_formulas` (`commodity`,`effective_from`);--> statement-breakpoint
CREATE TABLE `price_points` (
	`id` text PRIMARY KEY NOT NULL,
	`commodity` text NOT NULL,
	`date` text NOT NULL,
	`source` text NOT NULL,
	`unit` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`is_sample` integer DEFAULT false NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_points_series_date_source_unique` ON `price_points` (`commodity`,`date`,`source`);