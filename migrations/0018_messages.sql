CREATE TABLE `message_attachments` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`thread_id` text NOT NULL,
	`r2_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `message_attachments_message_idx` ON `message_attachments` (`message_id`);--> statement-breakpoint
CREATE TABLE `message_reads` (
	`thread_id` text NOT NULL,
	`user_id` text NOT NULL,
	`last_read_at` text NOT NULL,
	PRIMARY KEY(`thread_id`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `message_threads` (
	`id` text PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`reference` text,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_message_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `message_threads_last_message_idx` ON `message_threads` (`last_message_at`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`thread_id` text NOT NULL,
	`sender_id` text NOT NULL,
	`sender_role` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `messages_thread_created_idx` ON `messages` (`thread_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `thread_participants` (
	`id` text PRIMARY KEY NOT NULL,
	`thread_id` text NOT NULL,
	`user_id` text,
	`department` text
);
--> statement-breakpoint
CREATE INDEX `thread_participants_thread_idx` ON `thread_participants` (`thread_id`);--> statement-breakpoint
CREATE INDEX `thread_participants_user_idx` ON `thread_participants` (`user_id`);--> statement-breakpoint
CREATE INDEX `thread_participants_department_idx` ON `thread_participants` (`department`);--> statement-breakpoint
CREATE UNIQUE INDEX `thread_participants_thread_user_idx` ON `thread_participants` (`thread_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `thread_participants_thread_department_idx` ON `thread_participants` (`thread_id`,`department`);