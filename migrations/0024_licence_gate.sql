ALTER TABLE `licences` ADD `commodities` text;--> statement-breakpoint
ALTER TABLE `lots` ADD `held_reason` text;--> statement-breakpoint
ALTER TABLE `offers` ADD `held_reason` text;