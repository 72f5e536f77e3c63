DROP INDEX `land_plots_county_idx`;--> statement-breakpoint
CREATE INDEX `land_plots_county_idx` ON `land_plots` (`county`,`created_at`);--> statement-breakpoint
CREATE INDEX `farmers_county_farmer_id_idx` ON `farmers` (`county`,`farmer_id`);