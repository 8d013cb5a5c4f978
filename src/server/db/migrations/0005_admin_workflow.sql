CREATE TABLE "migration_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"rollback_sql" text DEFAULT '' NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "migration_records" ADD CONSTRAINT "migration_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_handled_created_idx" ON "feedback" USING btree ("handled_at","created_at");--> statement-breakpoint
CREATE INDEX "security_audit_log_created_idx" ON "security_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "security_audit_log_user_created_idx" ON "security_audit_log" USING btree ("user_id","created_at");
