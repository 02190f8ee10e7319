-- Who is listed (decision 0153): public, disponible, with a photo of her own (has_photo) and a
-- display name. Recomputed here for every existing profile, as accounts' syncEscortVisibility does
-- for one; every listing route now reads it (the search read `public`, inactive profiles included).
UPDATE "escort_profiles" e SET "listed" = e."public" AND e."estado" = 'disponible' AND e."has_photo" AND btrim(a."apellido") <> ''
  FROM "accounts" a WHERE a."id" = e."account_id";--> statement-breakpoint
-- The search's count reads `listed` too: the count indexes INCLUDE it, so the count stays an
-- index-only scan (decision 0101).
DROP INDEX IF EXISTS "escort_count_all_idx";--> statement-breakpoint
CREATE INDEX "escort_count_all_idx" ON "escort_profiles" USING btree ("genero")
  INCLUDE ("public", "listed", "fecha_nac", "estado", "gallery_count", "fotos_verificadas") WHERE "public";--> statement-breakpoint
DROP INDEX IF EXISTS "escort_count_city_idx";--> statement-breakpoint
CREATE INDEX "escort_count_city_idx" ON "escort_profiles" USING btree ("city_key", "genero")
  INCLUDE ("public", "listed", "fecha_nac", "estado", "gallery_count", "fotos_verificadas") WHERE "public";--> statement-breakpoint
DROP INDEX IF EXISTS "escort_count_region_idx";--> statement-breakpoint
CREATE INDEX "escort_count_region_idx" ON "escort_profiles" USING btree ("region_key", "genero")
  INCLUDE ("public", "listed", "fecha_nac", "estado", "gallery_count", "fotos_verificadas") WHERE "public";--> statement-breakpoint
DROP INDEX IF EXISTS "escort_count_zona_idx";--> statement-breakpoint
CREATE INDEX "escort_count_zona_idx" ON "escort_profiles" USING btree ("zona", "genero")
  INCLUDE ("public", "listed", "fecha_nac", "estado", "gallery_count", "fotos_verificadas") WHERE "public";--> statement-breakpoint
DROP INDEX IF EXISTS "escort_count_fotos_idx";--> statement-breakpoint
CREATE INDEX "escort_count_fotos_idx" ON "escort_profiles" USING btree ("genero")
  INCLUDE ("public", "listed", "city_key", "region_key", "zona", "fecha_nac", "estado", "gallery_count", "fotos_verificadas") WHERE "public" AND "fotos_verificadas";--> statement-breakpoint
DROP INDEX IF EXISTS "escort_count_fotos_city_idx";--> statement-breakpoint
CREATE INDEX "escort_count_fotos_city_idx" ON "escort_profiles" USING btree ("city_key", "genero")
  INCLUDE ("public", "listed", "fecha_nac", "estado", "gallery_count", "fotos_verificadas") WHERE "public" AND "fotos_verificadas";--> statement-breakpoint
DROP INDEX IF EXISTS "escort_count_fotos_region_idx";--> statement-breakpoint
CREATE INDEX "escort_count_fotos_region_idx" ON "escort_profiles" USING btree ("region_key", "genero")
  INCLUDE ("public", "listed", "fecha_nac", "estado", "gallery_count", "fotos_verificadas") WHERE "public" AND "fotos_verificadas";--> statement-breakpoint
DROP INDEX IF EXISTS "escort_count_fotos_zona_idx";--> statement-breakpoint
CREATE INDEX "escort_count_fotos_zona_idx" ON "escort_profiles" USING btree ("zona", "genero")
  INCLUDE ("public", "listed", "fecha_nac", "estado", "gallery_count", "fotos_verificadas") WHERE "public" AND "fotos_verificadas";
