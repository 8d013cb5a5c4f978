CREATE TABLE "admin_settings" (
	"setting_key" text PRIMARY KEY NOT NULL,
	"setting_value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_items" ADD COLUMN "sentence_translation_by_machine" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_items" ADD COLUMN "gloss_by_machine" boolean DEFAULT false NOT NULL;