CREATE TYPE "public"."practice_kind" AS ENUM('dictation', 'cloze', 'word-in-audio');--> statement-breakpoint
CREATE TABLE "practice_answers" (
	"user_id" text NOT NULL,
	"answer_id" uuid NOT NULL,
	"kind" "practice_kind" NOT NULL,
	"chapter_id" uuid NOT NULL,
	"segment_id" text NOT NULL,
	"word_id" text DEFAULT '' NOT NULL,
	"correct" boolean NOT NULL,
	"card_id" uuid,
	"answered_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_answers_user_id_answer_id_pk" PRIMARY KEY("user_id","answer_id"),
	CONSTRAINT "practice_answers_kind_word_check" CHECK (("practice_answers"."kind" = 'dictation') = ("practice_answers"."word_id" = ''))
);
--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "strict_accents" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_card_id_saved_items_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."saved_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_answers_user_answered_idx" ON "practice_answers" USING btree ("user_id","answered_at");