CREATE TABLE `office_document_files` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`r2_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`uploaded_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `office_document_files_document_idx` ON `office_document_files` (`document_id`);--> statement-breakpoint
CREATE TABLE `office_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`reference` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`counterparty` text,
	`department` text NOT NULL,
	`status` text DEFAULT 'received' NOT NULL,
	`assignee_id` text,
	`licence_id` text,
	`created_by` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `office_documents_reference_unique` ON `office_documents` (`reference`);--> statement-breakpoint
CREATE INDEX `office_documents_queue_idx` ON `office_documents` (`department`,`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `office_documents_assignee_idx` ON `office_documents` (`assignee_id`);