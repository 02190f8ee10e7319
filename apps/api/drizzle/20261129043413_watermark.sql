CREATE TABLE "watermarks" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "original_url" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "original_variants" jsonb;--> statement-breakpoint
ALTER TABLE "watermarks" ADD CONSTRAINT "watermarks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;