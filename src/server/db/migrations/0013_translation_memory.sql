CREATE TABLE "translation_memory_chapters" (
	"chapter_id" uuid PRIMARY KEY NOT NULL,
	"transcript_file_id" text NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translation_memory_glosses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"form" text NOT NULL,
	"lemma" text,
	"gloss" text NOT NULL,
	"occurrences" integer NOT NULL,
	CONSTRAINT "translation_memory_glosses_occurrences_check" CHECK ("translation_memory_glosses"."occurrences" >= 1)
);
--> statement-breakpoint
CREATE TABLE "translation_memory_sentences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chapter_id" uuid NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"slots" jsonb NOT NULL,
	"translation" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "translation_memory_chapters" ADD CONSTRAINT "translation_memory_chapters_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_memory_glosses" ADD CONSTRAINT "translation_memory_glosses_chapter_id_translation_memory_chapters_chapter_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."translation_memory_chapters"("chapter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_memory_sentences" ADD CONSTRAINT "translation_memory_sentences_chapter_id_translation_memory_chapters_chapter_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."translation_memory_chapters"("chapter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "translation_memory_glosses_form_idx" ON "translation_memory_glosses" USING hash ("form");--> statement-breakpoint
CREATE INDEX "translation_memory_glosses_lemma_idx" ON "translation_memory_glosses" USING hash ("lemma");--> statement-breakpoint
CREATE INDEX "translation_memory_glosses_chapter_idx" ON "translation_memory_glosses" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "translation_memory_sentences_key_idx" ON "translation_memory_sentences" USING hash ("key");--> statement-breakpoint
CREATE INDEX "translation_memory_sentences_chapter_idx" ON "translation_memory_sentences" USING btree ("chapter_id");