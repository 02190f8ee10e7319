ALTER TABLE "escort_profiles" ADD COLUMN "tarifa_desde" integer;--> statement-breakpoint
ALTER TABLE "escort_profiles" ADD COLUMN "servicios" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "escort_profiles" ADD COLUMN "atiende" text;--> statement-breakpoint
ALTER TABLE "escort_profiles" ADD COLUMN "horario" text;--> statement-breakpoint
ALTER TABLE "escort_profiles" ADD COLUMN "idiomas" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "escort_search_servicios_idx" ON "escort_profiles" USING gin ("servicios") WHERE "escort_profiles"."public";--> statement-breakpoint
CREATE INDEX "escort_search_city_tarifa_idx" ON "escort_profiles" USING btree ("city_key","tarifa_desde") WHERE "escort_profiles"."public" and "escort_profiles"."tarifa_desde" is not null;