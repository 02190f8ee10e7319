CREATE TABLE "escort_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"ciudad" text NOT NULL,
	"city_key" text NOT NULL,
	"region_key" text NOT NULL,
	"zona" text NOT NULL,
	"desde" date NOT NULL,
	"hasta" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "escort_visits" ADD CONSTRAINT "escort_visits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "escort_visits_account_idx" ON "escort_visits" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "escort_visits_city_idx" ON "escort_visits" USING btree ("city_key","desde","hasta");--> statement-breakpoint
CREATE INDEX "escort_visits_region_idx" ON "escort_visits" USING btree ("region_key","desde","hasta");--> statement-breakpoint
CREATE INDEX "escort_visits_zona_idx" ON "escort_visits" USING btree ("zona","desde","hasta");