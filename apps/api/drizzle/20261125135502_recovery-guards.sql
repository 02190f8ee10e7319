CREATE TABLE "recovery_guards" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recovery_guards" ADD CONSTRAINT "recovery_guards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;