CREATE TABLE `farmers` (
	`id` text PRIMARY KEY NOT NULL,
	`farmer_id` text NOT NULL,
	`user_id` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`gender` text,
	`date_of_birth` text,
	`phone` text,
	`county` text NOT NULL,
	`district` text,
	`community` text,
	`crops` text DEFAULT '[]' NOT NULL,
	`national_id` text,
	`photo_key` text,
	`registration_date` text NOT NULL,
	`registered_by` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `farmers_farmer_id_unique` ON `farmers` (`farmer_id`);--> statement-breakpoint
CREATE INDEX `farmers_county_idx` ON `farmers` (`county`);--> statement-breakpoint
CREATE INDEX `farmers_last_name_idx` ON `farmers` (`last_name`);--> statement-breakpoint
CREATE INDEX `farmers_phone_idx` ON `farmers` (`phone`);--> statement-breakpoint
CREATE TABLE `land_plots` (
	`id` text PRIMARY KEY NOT NULL,
	`plot_code` text NOT NULL,
	`farmer_id` text NOT NULL,
	`geometry` text NOT NULL,
	`geometry_type` text NOT NULL,
	`area_hectares` real NOT NULL,
	`min_lon` real NOT NULL,
	`min_lat` real NOT NULL,
	`max_lon` real NOT NULL,
	`max_lat` real NOT NULL,
	`crop` text,
	`planting_year` integer,
	`tenure_reference` text,
	`county` text,
	`validation_state` text NOT NULL,
	`validation_issues` text DEFAULT '{}' NOT NULL,
	`risk_level` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `land_plots_plot_code_unique` ON `land_plots` (`plot_code`);--> statement-breakpoint
CREATE INDEX `land_plots_farmer_id_idx` ON `land_plots` (`farmer_id`);--> statement-breakpoint
CREATE INDEX `land_plots_bbox_idx` ON `land_plots` (`min_lon`,`max_lon`,`min_lat`,`max_lat`);--> statement-breakpoint
CREATE INDEX `land_plots_county_idx` ON `land_plots` (`county`);