CREATE TABLE "learner_placements" (
	"user_id" text PRIMARY KEY NOT NULL,
	"level" "story_level" NOT NULL,
	"known_lemmas" text[] NOT NULL,
	"site_words" integer NOT NULL,
	"levels" jsonb NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chapter_vocabulary" ADD COLUMN "lemma_counts" integer[];--> statement-breakpoint
ALTER TABLE "chapter_vocabulary" ADD COLUMN "running_words" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chapter_vocabulary" ADD COLUMN "free_words" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_placements" ADD CONSTRAINT "learner_placements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;