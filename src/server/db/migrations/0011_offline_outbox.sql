ALTER TABLE "bookmarks" ADD COLUMN "edited_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "bookmarks" SET "edited_at" = "updated_at";
