CREATE TABLE `user_sessions` (
	`hash` text PRIMARY KEY NOT NULL,
	`public_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text NOT NULL,
	`last_seen_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`idle_expires_at` text NOT NULL,
	`device` text NOT NULL,
	`place` text,
	`revoked_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_sessions_public_id_unique` ON `user_sessions` (`public_id`);--> statement-breakpoint
CREATE INDEX `user_sessions_user_idx` ON `user_sessions` (`user_id`,`expires_at`);