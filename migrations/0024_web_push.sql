CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`device` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_success_at` text,
	`last_failure` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
ALTER TABLE `notifications` ADD `push_state` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `push_claimed_at` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `push_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `notifications_push_pending_idx` ON `notifications` (`push_state`,`created_at`);--> statement-breakpoint
-- hand-written:
-- Notices written before push existed are not pushed now.
UPDATE `notifications` SET `push_state` = 'skipped' WHERE `push_state` IS NULL;
