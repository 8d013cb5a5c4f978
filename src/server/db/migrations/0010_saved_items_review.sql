CREATE TYPE "public"."review_card_state" AS ENUM('new', 'learning', 'review', 'relearning');--> statement-breakpoint
CREATE TYPE "public"."saved_item_kind" AS ENUM('word', 'sentence');--> statement-breakpoint
CREATE TABLE "review_logs" (
	"user_id" text NOT NULL,
	"answer_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied" boolean NOT NULL,
	CONSTRAINT "review_logs_user_id_answer_id_pk" PRIMARY KEY("user_id","answer_id"),
	CONSTRAINT "review_logs_rating_check" CHECK ("review_logs"."rating" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"new_cards_per_day" integer DEFAULT 20 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_settings_new_cards_check" CHECK ("review_settings"."new_cards_per_day" between 0 and 500)
);
--> statement-breakpoint
CREATE TABLE "saved_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" "saved_item_kind" NOT NULL,
	"chapter_id" uuid NOT NULL,
	"segment_id" text NOT NULL,
	"word_id" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"sentence" text NOT NULL,
	"sentence_translation" text,
	"gloss" text,
	"translation_language" text DEFAULT 'en' NOT NULL,
	"start_seconds" numeric(10, 3) NOT NULL,
	"end_seconds" numeric(10, 3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due" timestamp with time zone,
	"card_state" "review_card_state",
	"stability" double precision,
	"difficulty" double precision,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"first_reviewed_at" timestamp with time zone,
	CONSTRAINT "saved_items_kind_word_check" CHECK (("saved_items"."kind" = 'word') = ("saved_items"."word_id" <> '')),
	CONSTRAINT "saved_items_times_check" CHECK ("saved_items"."start_seconds" >= 0 and "saved_items"."end_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_item_id_saved_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."saved_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_logs_item_idx" ON "review_logs" USING btree ("item_id","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_items_user_line_word_idx" ON "saved_items" USING btree ("user_id","chapter_id","segment_id","word_id");--> statement-breakpoint
CREATE INDEX "saved_items_user_created_idx" ON "saved_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_items_user_due_idx" ON "saved_items" USING btree ("user_id","due");