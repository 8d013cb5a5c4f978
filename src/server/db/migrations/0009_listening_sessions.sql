CREATE TABLE "listening_sessions" (
	"user_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"chapter_id" uuid NOT NULL,
	"listened_seconds" numeric(10, 3) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listening_sessions_user_id_session_id_pk" PRIMARY KEY("user_id","session_id"),
	CONSTRAINT "listening_sessions_seconds_check" CHECK ("listening_sessions"."listened_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "listening_sessions" ADD CONSTRAINT "listening_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_sessions" ADD CONSTRAINT "listening_sessions_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;