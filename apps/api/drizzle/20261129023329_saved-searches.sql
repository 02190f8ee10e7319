CREATE TABLE "saved_search_hits" (
	"search_id" uuid NOT NULL,
	"escort_id" uuid NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"noticed_at" timestamp with time zone,
	CONSTRAINT "saved_search_hits_search_id_escort_id_pk" PRIMARY KEY("search_id","escort_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"nombre" text NOT NULL,
	"filtros" jsonb NOT NULL,
	"seen_seq" bigint DEFAULT 0 NOT NULL,
	"notice_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "escort_profiles" ADD COLUMN "placement_seq" bigint;--> statement-breakpoint
ALTER TABLE "notification_prefs" ADD COLUMN "busquedas" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "push_prefs" ADD COLUMN "busquedas" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_search_id_saved_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_escort_id_accounts_id_fk" FOREIGN KEY ("escort_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_hits_waiting_idx" ON "saved_search_hits" USING btree ("search_id") WHERE "saved_search_hits"."noticed_at" is null;--> statement-breakpoint
CREATE INDEX "saved_searches_account_idx" ON "saved_searches" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "escort_placement_seq_idx" ON "escort_profiles" USING btree ("placement_seq") WHERE "escort_profiles"."listed";--> statement-breakpoint
-- Hand-written (decision 0176): a profile's placement number moves when she becomes listed or changes comuna,
-- whichever code path did it, and never for anything else (a photo, her text). A sequence, not a time, so the
-- sweep needs no clock in SQL.
CREATE SEQUENCE "escort_placement_seq";--> statement-breakpoint
CREATE FUNCTION escort_placement_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.listed AND (TG_OP = 'INSERT' OR NOT OLD.listed OR NEW.city_key IS DISTINCT FROM OLD.city_key) THEN
    NEW.placement_seq := nextval('escort_placement_seq');
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER escort_placement_touch BEFORE INSERT OR UPDATE OF listed, city_key ON "escort_profiles"
  FOR EACH ROW EXECUTE FUNCTION escort_placement_touch();
