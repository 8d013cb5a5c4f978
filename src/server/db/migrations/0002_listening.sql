CREATE TABLE "chapter_vocabulary" (
	"chapter_id" uuid PRIMARY KEY NOT NULL,
	"transcript_key" text NOT NULL,
	"lemmas" text[] NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translation_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"source_language" text NOT NULL,
	"target_language" text NOT NULL,
	"text" varchar(5000) NOT NULL,
	"translation" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chapter_vocabulary" ADD CONSTRAINT "chapter_vocabulary_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;