CREATE TABLE "photo_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"media_id" uuid,
	"account_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"owner_media_id" uuid,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'en_revision' NOT NULL,
	"report_token_hash" text NOT NULL,
	"reported_at" timestamp with time zone,
	"nota" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "photo_holds_report_token_hash_unique" UNIQUE("report_token_hash")
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "hold" text;--> statement-breakpoint
ALTER TABLE "photo_holds" ADD CONSTRAINT "photo_holds_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_holds" ADD CONSTRAINT "photo_holds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_holds" ADD CONSTRAINT "photo_holds_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_holds" ADD CONSTRAINT "photo_holds_owner_media_id_media_id_fk" FOREIGN KEY ("owner_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_holds" ADD CONSTRAINT "photo_holds_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_holds_status_idx" ON "photo_holds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "photo_holds_account_idx" ON "photo_holds" USING btree ("account_id");--> statement-breakpoint
-- A held picture is never the card's photo (decision 0177): the cover skips held gallery images, and
-- the trigger also fires when a hold is set or lifted.
CREATE OR REPLACE FUNCTION escort_cover_of(acc uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT m."url" FROM "media" m
   WHERE m."account_id" = acc AND m."purpose" = 'gallery' AND m."media_type" = 'image' AND m."hold" IS NULL
   ORDER BY m."position", m."created_at", m."id" LIMIT 1
$$;--> statement-breakpoint
DROP TRIGGER media_cover_sync ON "media";--> statement-breakpoint
CREATE TRIGGER media_cover_sync AFTER INSERT OR DELETE OR UPDATE OF "position", "url", "media_type", "hold" ON "media"
  FOR EACH ROW EXECUTE FUNCTION escort_cover_sync();
