CREATE TYPE "public"."sandbox_checkout_status" AS ENUM('open', 'complete', 'expired');--> statement-breakpoint
CREATE TABLE "payment_sandbox_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"client_reference_id" text NOT NULL,
	"amount_total" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"description" text NOT NULL,
	"status" "sandbox_checkout_status" DEFAULT 'open' NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_sandbox_sessions_amount_check" CHECK ("payment_sandbox_sessions"."amount_total" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_sandbox_sessions" ADD CONSTRAINT "payment_sandbox_sessions_client_reference_id_users_id_fk" FOREIGN KEY ("client_reference_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;